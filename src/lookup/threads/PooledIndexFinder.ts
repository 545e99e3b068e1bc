import type { Concept, Field, SchemeSummary } from '../../domain/Concept.js';
import type { BrowseRequest, FindRequest, Finder, NameCandidates, NameQuery } from '../Finder.js';
import { languageList, speaksAny, type IndexFinder } from '../memory/IndexFinder.js';
import type { IndexPool } from './IndexPool.js';
import type { LanguageOrders } from './LanguageOrders.js';
import type { PooledMethod } from './indexWorker.js';

/**
 * The label index's Finder with its costly queries on the worker pool: /search, /suggest and
 * reconciliation's candidates run on a pool thread over the same index in shared memory;
 * what costs a few microseconds a concept (showing concepts by URI, notations) is
 * answered here by `local`, saving the message's round trip, and so is a keystroke that
 * would have to wait for a thread.
 */
export class PooledIndexFinder implements Finder {
  constructor(
    private readonly local: IndexFinder,
    private readonly pool: IndexPool,
    private readonly generation: number,
    /** The language orders of this index, made beside the pool. */
    private readonly orders: LanguageOrders,
  ) {}

  private languagesMade: Promise<string[]> | undefined;

  search(request: FindRequest): Promise<Concept[]> {
    return this.call('search', [request]) as Promise<Concept[]>;
  }

  /**
   * A keystroke goes to a free thread of the pool; when every thread is busy (a neighbour's
   * heavy work), it is answered here at once instead of waiting behind that work: a page of
   * type-ahead costs tens to hundreds of microseconds, less than the wait would.
   */
  suggest(request: FindRequest): Promise<Concept[]> {
    if (!this.pool.idle) return this.local.suggest(request);
    return this.call('suggest', [request]) as Promise<Concept[]>;
  }

  /**
   * A batch's names go in as few messages as the pool has threads: a message for each name
   * cost some 0.25 ms of a thread's waiting between two names (two wake-ups), a tenth of a
   * misspelt name's own cost at 2 million concepts. A batch is still answered in parallel
   * where the pool has threads to spare.
   */
  async reconcile(names: readonly NameQuery[]): Promise<NameCandidates[]> {
    const share = Math.ceil(names.length / this.pool.size);
    const parts: Array<Promise<NameCandidates[]>> = [];
    for (let start = 0; start < names.length; start += share)
      parts.push(this.call('reconcile', [names.slice(start, start + share)]) as Promise<NameCandidates[]>);
    return (await Promise.all(parts)).flat();
  }

  withNotations(texts: readonly string[]): Promise<string[]> {
    return this.local.withNotations(texts);
  }

  namespaces(): Promise<string[]> {
    return this.local.namespaces();
  }

  shown(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, Concept>> {
    return this.local.shown(uris, lang, fields);
  }

  async languages(): Promise<string[]> {
    return languageList(await this.labelLanguages());
  }

  async speaks(lang: string): Promise<boolean> {
    return speaksAny(await this.labelLanguages(), lang);
  }

  /**
   * The prefLabels' languages: a pass over every concept's labels, a sixth of a second at ten
   * million concepts, so made on the pool, once an index, never on the thread that answers
   * HTTP. A call that failed is made again next time.
   */
  private labelLanguages(): Promise<string[]> {
    if (this.languagesMade === undefined) {
      const made = this.call('labelLanguages', []) as Promise<string[]>;
      this.languagesMade = made;
      made.catch(() => {
        if (this.languagesMade === made) this.languagesMade = undefined;
      });
    }
    return this.languagesMade;
  }

  schemes(lang: string): Promise<SchemeSummary[]> {
    return this.local.schemes(lang);
  }

  schemeIris(): Promise<string[]> {
    return this.local.schemeIris();
  }

  /**
   * A browsing page in the index's own language is a slice of the list as held, shown here as
   * /get shows concepts (at most 100); in another language the list is sorted for it: on the
   * pool, as a search is.
   */
  top(request: BrowseRequest): Promise<Concept[]> {
    return this.browse('top', request);
  }

  narrower(request: BrowseRequest): Promise<Concept[]> {
    return this.browse('narrower', request);
  }

  /** A long list in another language needs that language's order of every concept: made on a thread of its own (a 503 until then), never on the pool. */
  private async browse(kind: 'top' | 'narrower', request: BrowseRequest): Promise<Concept[]> {
    const place = this.local.browsePlace(kind, request);
    if (place.here) return this.local[kind](request);
    if (place.order !== undefined) this.orders.need(place.order);
    return this.call(kind, [request]) as Promise<Concept[]>;
  }

  private call(method: PooledMethod, args: unknown[]): Promise<unknown> {
    return this.pool.call(this.generation, method, args);
  }
}
