import { parentPort } from 'node:worker_threads';
import { checkIndexData } from './checkIndexData.js';
import { LabelIndex } from './LabelIndex.js';
import { LabelIndexBuilder, type BuilderState } from './LabelIndexBuilder.js';
import type { LabelIndexData } from './LabelIndexData.js';
import { garbageCollector, layOutHere } from './layOut.js';

// The worker thread of `layOut`: lays out one builder's state and sends the index back, in
// shared memory; or, for `indexOf`, checks the structure of an index read whole and makes its
// range-minimum levels.
const collect = garbageCollector();
parentPort?.on('message', (message: BuilderState | { levelsOf: LabelIndexData }) => {
  try {
    // an index read whole (a snapshot) needs only its range-minimum levels made
    if ('levelsOf' in message) {
      const fault = checkIndexData(message.levelsOf);
      if (fault !== undefined) {
        parentPort?.postMessage({ error: `its structure does not hold: ${fault}` });
        return;
      }
      parentPort?.postMessage({ data: message.levelsOf, levels: new LabelIndex(message.levelsOf).shared.levels });
      return;
    }
    parentPort?.postMessage(layOutHere(LabelIndexBuilder.fromState(message), collect));
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
