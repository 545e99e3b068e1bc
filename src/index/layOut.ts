import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BuildReport, LabelIndexBuilder } from './LabelIndexBuilder.js';
import { LabelIndex, type SharedLevels } from './LabelIndex.js';
import type { LabelIndexData } from './LabelIndexData.js';
import { shareArrays } from './sharedArrays.js';
import { transferables } from './transferables.js';

/** The compiled worker (`src/` and `dist/` both sit one level below the project). */
const WORKER = fileURLToPath(new URL('../../dist/index/layoutWorker.js', import.meta.url));

/**
 * Lays a builder's rows out as an index on a worker thread: sorting millions of labels takes
 * about a minute at two million concepts, and on the main thread no request would be
 * answered meanwhile. The rows move to the worker without copies, and the index comes back in
 * shared memory (`sharedArrays.ts`), which the worker pool's threads read as one copy. Where
 * the compiled worker is missing (the sources run without a build), it lays out here.
 */
export async function layOut(builder: LabelIndexBuilder): Promise<{ index: LabelIndex; report: BuildReport }> {
  if (!existsSync(WORKER)) {
    const data = shareArrays(builder.build());
    return { index: new LabelIndex(data), report: builder.report as BuildReport };
  }
  const state = builder.toState();
  const { index, report } = await onWorker(state, transferables(state));
  return { index, report: report as BuildReport };
}

/**
 * The index over `data` (in shared memory, as a snapshot is read), its range-minimum levels
 * made on the layout's worker thread: half a second at two million concepts that the thread
 * answering HTTP does not spend.
 */
export async function indexOf(data: LabelIndexData): Promise<LabelIndex> {
  if (!existsSync(WORKER)) return new LabelIndex(data);
  return (await onWorker({ levelsOf: data }, [])).index;
}

/** Sends `message` to a layout thread; its answer as an index (and the build's report, for a builder's state). */
async function onWorker(message: unknown, transfer: ArrayBuffer[]): Promise<{ index: LabelIndex; report: BuildReport | undefined }> {
  const worker = new Worker(WORKER);
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', (answer: { data: LabelIndexData; report?: BuildReport; levels: SharedLevels } | { error: string }) =>
        'error' in answer
          ? reject(new Error(answer.error))
          : resolve({ index: new LabelIndex(answer.data, answer.levels), report: answer.report }),
      );
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the layout worker stopped (exit status ${code})`)));
      worker.postMessage(message, transfer);
    });
  } finally {
    void worker.terminate();
  }
}
