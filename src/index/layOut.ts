import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import type { LabelIndexBuilder } from './LabelIndexBuilder.js';
import type { BuildReport } from './BuildReport.js';
import { checkIndexData } from './checkIndexData.js';
import { LabelIndex, type SharedLevels } from './LabelIndex.js';
import type { LabelIndexData } from './LabelIndexData.js';
import { shareArrays } from './sharedArrays.js';
import { transferables } from './transferables.js';

/** The compiled worker (`src/` and `dist/` both sit one level below the project). */
const WORKER = fileURLToPath(new URL('../../dist/index/layoutWorker.js', import.meta.url));

/**
 * The heap limits of a thread that lays an index out (a layout thread, and the build's thread,
 * which reads the store and then lays out). V8's default young generation grows with the rate
 * at which a thread makes garbage, up to some 48 MB: once the layout read its labels' codes
 * fast, the strings it makes held Iconclass' build peak some 50 MB higher (1,486 MB); with 8
 * MB it is 1,436 MB, and no slower (37.7 s against 40.4 to lay out).
 */
export const LAYOUT_THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 } as const;

/**
 * Lays a builder's rows out as an index on a worker thread: sorting millions of labels takes
 * about a minute at two million concepts, and on the main thread no request would be
 * answered meanwhile. The rows move to the worker without copies, and the index comes back in
 * shared memory (`sharedArrays.ts`), which the worker pool's threads read as one copy. Where
 * the compiled worker is missing (the sources run without a build), it lays out here.
 */
export async function layOut(builder: LabelIndexBuilder): Promise<{ index: LabelIndex; report: BuildReport }> {
  if (!existsSync(WORKER)) {
    const { data, report, levels } = layOutHere(builder);
    return { index: new LabelIndex(data, levels), report };
  }
  const state = builder.toState();
  const { index, report } = await onWorker(state, transferables(state));
  return { index, report: report as BuildReport };
}

/**
 * The index over `data` (in shared memory, as a snapshot is read), its structure checked
 * (`checkIndexData`) and its range-minimum levels made on the layout's worker thread: seconds
 * at two million concepts that the thread answering HTTP does not spend. Rejects, naming the
 * fault, where the structure does not hold.
 */
export async function indexOf(data: LabelIndexData): Promise<LabelIndex> {
  if (!existsSync(WORKER)) {
    const fault = checkIndexData(data);
    if (fault !== undefined) throw new Error(`its structure does not hold: ${fault}`);
    return new LabelIndex(data);
  }
  return (await onWorker({ levelsOf: data }, [])).index;
}

/** Sends `message` to a layout thread; its answer as an index (and the build's report, for a builder's state). */
async function onWorker(message: unknown, transfer: ArrayBuffer[]): Promise<{ index: LabelIndex; report: BuildReport | undefined }> {
  const worker = new Worker(WORKER, { resourceLimits: LAYOUT_THREAD_LIMITS });
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', (answer: { data: LabelIndexData; report?: BuildReport; levels: SharedLevels } | { error: string }) => {
        // an index this thread cannot make of the answer is an error too, never a promise left waiting
        try {
          if ('error' in answer) reject(new Error(answer.error));
          else resolve({ index: new LabelIndex(answer.data, answer.levels), report: answer.report });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the layout worker stopped (exit status ${code})`)));
      worker.postMessage(message, transfer);
    });
  } finally {
    void worker.terminate();
  }
}

/**
 * Lays `builder` out on this thread, in shared memory, with the range-minimum levels: what a
 * layout thread does. `collect` runs between the layout's steps (`garbageCollector`).
 */
export function layOutHere(
  builder: LabelIndexBuilder,
  collect: () => void = () => {},
): { data: LabelIndexData; report: BuildReport; levels: SharedLevels } {
  // in shared memory: the worker pool reads this one copy (posting shares it, no transfer)
  const data = shareArrays(builder.build(collect), collect);
  return { data, report: builder.report as BuildReport, levels: new LabelIndex(data).shared.levels };
}

/**
 * For a thread that lays out (never the one answering HTTP): a function that collects garbage
 * now. The rows a layout step read are large and held outside V8's heap, where the collector
 * would otherwise come late, and each step's input gone before the next step's output comes is
 * what keeps the build's peak down.
 */
export function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
