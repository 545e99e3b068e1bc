import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { LabelIndexBuilder, type BuilderState } from './LabelIndexBuilder.js';
import { transferables } from './transferables.js';

// The worker thread of `layOut`: lays out one builder's state and sends the index back.
// Between the layout's steps it collects garbage: the rows a step read are large and held
// outside V8's heap, where the collector would otherwise come late, and each step's input
// gone before the next step's output comes is what keeps the build's peak down.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
parentPort?.on('message', (state: BuilderState) => {
  try {
    const builder = LabelIndexBuilder.fromState(state);
    const data = builder.build(collect);
    parentPort?.postMessage({ data, report: builder.report }, transferables(data.arrays));
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
