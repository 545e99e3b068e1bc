import { parentPort, workerData } from 'node:worker_threads';
import { LabelIndexBuilder } from '../../index/LabelIndexBuilder.js';
import { garbageCollector, layOutHere } from '../../index/layOut.js';
import type { BuildOptions, BuildAnswer, BuildMessage } from './BuildThread.js';
import { TripleFeed } from './TripleFeed.js';

// The thread of one label index build (BuildThread.ts): it reads the store's answers, as the
// thread answering HTTP receives them, into a builder, then lays the index out in shared memory.
const options = workerData as BuildOptions;
let builder: LabelIndexBuilder | undefined = new LabelIndexBuilder(options.defaultLang, options.weights, options.entailment);
const feeds = new Map<number, TripleFeed>();
const post = (answer: BuildAnswer): void => parentPort?.postMessage(answer);

parentPort?.on('message', (message: BuildMessage) => {
  try {
    if (builder === undefined) throw new Error('the index was laid out already');
    if (message.kind === 'text') {
      let feed = feeds.get(message.answer);
      if (feed === undefined) feeds.set(message.answer, (feed = new TripleFeed(builder, message.feeds)));
      feed.push(message.text);
      post({ kind: 'read', answer: message.answer, rows: feed.fed.rows, characters: message.text.length });
    } else if (message.kind === 'end') {
      const fed = feeds.get(message.answer)?.end() ?? { rows: 0, characters: 0, odd: { count: 0, first: [] } };
      feeds.delete(message.answer);
      post({ kind: 'ended', answer: message.answer, fed });
    } else if (message.kind === 'everyConceptIn') builder.everyTypedIn(message.scheme);
    else {
      const laidOut = layOutHere(builder, garbageCollector());
      builder = undefined;
      post({ kind: 'laidOut', ...laidOut });
    }
  } catch (error) {
    post({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
