import { parentPort } from 'node:worker_threads';
import { LabelIndexBuilder, type BuilderState } from './LabelIndexBuilder.js';
import { transferables } from './transferables.js';

// The worker thread of `layOut`: lays out one builder's state and sends the index back.
parentPort?.on('message', (state: BuilderState) => {
  try {
    const builder = LabelIndexBuilder.fromState(state);
    const data = builder.build();
    parentPort?.postMessage({ data, report: builder.report }, transferables(data.arrays));
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
