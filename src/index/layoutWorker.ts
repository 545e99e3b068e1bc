import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { LabelIndex } from './LabelIndex.js';
import { LabelIndexBuilder, type BuilderState } from './LabelIndexBuilder.js';
import type { LabelIndexData } from './LabelIndexData.js';
import { shareArrays } from './sharedArrays.js';

// The worker thread of `layOut`: lays out one builder's state and sends the index back, in
// shared memory; or, for `indexOf`, makes the range-minimum levels of an index read whole.
// Between the layout's steps it collects garbage: the rows a step read are large and held
// outside V8's heap, where the collector would otherwise come late, and each step's input
// gone before the next step's output comes is what keeps the build's peak down.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
parentPort?.on('message', (message: BuilderState | { levelsOf: LabelIndexData }) => {
  try {
    // an index read whole (a snapshot) needs only its range-minimum levels made
    if ('levelsOf' in message) {
      parentPort?.postMessage({ data: message.levelsOf, levels: new LabelIndex(message.levelsOf).shared.levels });
      return;
    }
    const state = message;
    const builder = LabelIndexBuilder.fromState(state);
    // in shared memory: the worker pool reads this one copy (posting shares it, no transfer)
    const data = shareArrays(builder.build(collect), collect);
    // the range-minimum levels too: made here, in shared memory, not on the thread that answers HTTP
    parentPort?.postMessage({ data, report: builder.report, levels: new LabelIndex(data).shared.levels });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
