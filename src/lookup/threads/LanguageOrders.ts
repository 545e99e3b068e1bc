import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BrowseOrderPendingError } from '../../errors.js';
import type { LabelIndex } from '../../index/LabelIndex.js';
import type { LanguageOrder } from '../memory/browseInIndex.js';

/** The compiled thread that makes an order (`src/` and `dist/` both sit one level below the project). */
const WORKER = fileURLToPath(new URL('../../../dist/lookup/threads/orderWorker.js', import.meta.url));

/** Languages whose order of every concept is kept (8 bytes a concept each, shared by every thread), the last asked. */
const KEPT_ORDERS = 3;

/** Concepts a second an order is made for, about (2 million in some 5 s on a slow core): for `Retry-After`. */
const CONCEPTS_A_SECOND = 400_000;

/**
 * The browsing orders of every concept in languages other than the index's own, for one index
 * installed on the worker pool. A long list (a flat vocabulary's top concepts may be all of
 * them) asked in such a language is paged in that order, which takes seconds to make at
 * millions of concepts: made on a thread of its own, never on a pool thread, where every
 * search would wait behind it. Until it is made, a page that needs it is refused with a 503
 * and `Retry-After` (BrowseOrderPendingError); once made, it is installed on every pool
 * thread (`share`) before any call that needs it is sent, and kept for the next pages. One
 * order is made at a time: a page in another language waits (503) for the one being made.
 */
export class LanguageOrders {
  private readonly made = new Map<string, LanguageOrder>();
  /** The order being made, if any. */
  private making: { lang: string; started: number } | undefined;

  constructor(
    private readonly index: LabelIndex,
    /** Installs an order on the pool's threads (undefined: drops it there). */
    private readonly share: (lang: string, order: LanguageOrder | undefined) => void,
    private readonly worker = WORKER,
  ) {}

  /**
   * Returns once the order of `lang` is installed on the pool, or throws BrowseOrderPendingError
   * after starting to make it (once: later asks while it is made are refused the same way).
   */
  need(lang: string): void {
    const order = this.made.get(lang);
    if (order !== undefined) {
      // the last asked goes last: the first is the one dropped
      this.made.delete(lang);
      this.made.set(lang, order);
      return;
    }
    // one order at a time: a client asking in many languages takes one thread, not one a language;
    // a language that waits for another's order takes as long again after it
    const making = this.making ?? this.start(lang);
    const estimate = Math.ceil(this.index.conceptCount / CONCEPTS_A_SECOND) * (making.lang === lang ? 1 : 2);
    const left = Math.max(1, Math.min(60, estimate - Math.floor((Date.now() - making.started) / 1000)));
    throw new BrowseOrderPendingError(lang, this.index.conceptCount, left);
  }

  private start(lang: string): { lang: string; started: number } {
    const making = { lang, started: Date.now() };
    this.making = making;
    const { data, levels } = this.index.shared;
    const thread = new Worker(this.worker, { workerData: { data, levels, lang } });
    thread.unref();
    const settle = (order: LanguageOrder | undefined): void => {
      if (this.making !== making) return;
      this.making = undefined;
      void thread.terminate();
      if (order === undefined) return; // a failed order is made again at the next ask
      this.made.set(lang, order);
      this.share(lang, order);
      if (this.made.size > KEPT_ORDERS) {
        const oldest = this.made.keys().next().value as string;
        this.made.delete(oldest);
        this.share(oldest, undefined);
      }
    };
    thread.once('message', (answer: LanguageOrder | { error: string }) => settle('error' in answer ? undefined : answer));
    thread.once('error', () => settle(undefined));
    thread.once('exit', () => settle(undefined));
    return making;
  }
}
