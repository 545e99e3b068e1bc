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
  const worker = new Worker(WORKER);
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', (message: { data: LabelIndexData; report: BuildReport; levels: SharedLevels } | { error: string }) =>
        'error' in message
          ? reject(new Error(message.error))
          : resolve({ index: new LabelIndex(message.data, message.levels), report: message.report }),
      );
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the layout worker stopped (exit status ${code})`)));
      worker.postMessage(state, transferables(state));
    });
  } finally {
    void worker.terminate();
  }
}
