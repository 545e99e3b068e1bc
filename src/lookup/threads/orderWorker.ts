import { parentPort, workerData } from 'node:worker_threads';
import { LabelIndex, type SharedLevels } from '../../index/LabelIndex.js';
import type { LabelIndexData } from '../../index/LabelIndexData.js';
import { sharedArray } from '../../index/sharedArrays.js';
import { languageOrder } from '../memory/browseInIndex.js';

// The thread that makes one language's browsing order of every concept (LanguageOrders.ts):
// over the index's shared memory (no copy of its own), into shared memory, so that the pool's
// threads read the one it sends back, and none of them spends the seconds it takes.

const { data, levels, lang } = workerData as { data: LabelIndexData; levels: SharedLevels; lang: string };
try {
  parentPort?.postMessage(languageOrder(new LabelIndex(data, levels), lang, (length) => sharedArray(Uint32Array, length)));
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
