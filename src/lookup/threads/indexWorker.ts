import { parentPort } from 'node:worker_threads';
import { LabelIndex, type SharedLevels } from '../../index/LabelIndex.js';
import type { LabelIndexData } from '../../index/LabelIndexData.js';
import type { LanguageOrder } from '../memory/browseInIndex.js';
import { IndexFinder } from '../memory/IndexFinder.js';
import { garbageCollector } from '../../index/layOut.js';

// A thread of the worker pool (IndexPool.ts): it holds an IndexFinder over each label index
// the pool installed, made of the index's shared memory (no copy of its own), and answers the
// calls it is sent one at a time.

/** The IndexFinder methods that run on the pool: those whose cost grows with the data. */
export type PooledMethod = 'search' | 'suggest' | 'reconcile' | 'top' | 'narrower' | 'labelLanguages';

/** What a pool thread is sent. */
export type PoolMessage =
  | { kind: 'install'; generation: number; data: LabelIndexData; levels: SharedLevels; defaultLang: string }
  | { kind: 'drop'; generation: number }
  /** A language's order of every concept, made on a thread of its own (LanguageOrders.ts); without `order`, dropped. */
  | { kind: 'order'; generation: number; lang: string; order?: LanguageOrder | undefined }
  | { kind: 'call'; id: number; generation: number; method: PooledMethod; args: unknown[] };

/** What it sends back, for each call. */
export type PoolAnswer = { id: number; value: unknown } | { id: number; error: string };

const port = parentPort;
const collect = garbageCollector();
if (port !== null) {
  const finders = new Map<number, IndexFinder>();
  port.on('message', (message: PoolMessage) => {
    if (message.kind === 'install') {
      const finder = new IndexFinder(new LabelIndex(message.data, message.levels), message.defaultLang);
      finders.set(message.generation, finder);
      // before the first call, which waits behind it (some 150 ms at 2 million concepts): that call finds the code compiled
      finder.warmUp().catch(() => {});
    } else if (message.kind === 'drop') {
      finders.delete(message.generation);
      // the index's shared memory is freed only once every thread that held it has collected
      // its objects, and V8 does not count shared memory towards a collection: one now
      setImmediate(collect);
    } else if (message.kind === 'order') {
      finders.get(message.generation)?.useOrder(message.lang, message.order);
    } else {
      const { id, generation, method, args } = message;
      const finder = finders.get(generation);
      if (finder === undefined) {
        port.postMessage({ id, error: `no label index ${generation} on this thread` } satisfies PoolAnswer);
        return;
      }
      (finder[method] as (...args: unknown[]) => Promise<unknown>)(...args).then(
        (value) => port.postMessage({ id, value } satisfies PoolAnswer),
        (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PoolAnswer),
      );
    }
  });
}
