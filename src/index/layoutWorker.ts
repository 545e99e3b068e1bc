import { parentPort } from 'node:worker_threads';
import { LabelIndex } from './LabelIndex.js';
import { LabelIndexBuilder, type BuilderState } from './LabelIndexBuilder.js';
import type { LabelIndexData } from './LabelIndexData.js';
import { garbageCollector, layOutHere } from './layOut.js';

// The worker thread of `layOut`: lays out one builder's state and sends the index back, in
// shared memory; or, for `indexOf`, makes the range-minimum levels of an index read whole.
const collect = garbageCollector();
parentPort?.on('message', (message: BuilderState | { levelsOf: LabelIndexData }) => {
  try {
    // an index read whole (a snapshot) needs only its range-minimum levels made
    if ('levelsOf' in message) {
      parentPort?.postMessage({ data: message.levelsOf, levels: new LabelIndex(message.levelsOf).shared.levels });
      return;
    }
    parentPort?.postMessage(layOutHere(LabelIndexBuilder.fromState(message), collect));
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
