import type { Quad_Object } from '@rdfjs/types';
import type { LabelIndex } from '../index/LabelIndex.js';
import type { SparqlStore } from '../store/SparqlStore.js';
import type { Finder } from './Finder.js';
import type { VocabularyState } from './keeping/VocabularyKeeper.js';
import type { Answering } from './Lookup.js';
import { IndexFinder } from './memory/IndexFinder.js';
import type { IndexPool } from './threads/IndexPool.js';
import { LanguageOrders } from './threads/LanguageOrders.js';
import { PooledIndexFinder } from './threads/PooledIndexFinder.js';
import { StoreConcepts } from './storePath/StoreConcepts.js';
import { StoreFinder, type StoreGate } from './storePath/StoreFinder.js';

/** What chooses the answerers needs: the store, the service's language and concept types, and the path each state may take. */
export interface AnswerersOptions {
  readonly store: SparqlStore;
  readonly defaultLang: string;
  readonly conceptTypes: readonly Quad_Object[];
  readonly conceptWeights: ReadonlyMap<string, number> | undefined;
  /** The threads that answer over the index (INDEX_WORKERS); undefined: on this thread. */
  readonly pool: IndexPool | undefined;
  /** The store path's gate while the first index is built (LoadingGate); undefined without the index. */
  readonly gate: StoreGate | undefined;
}

/**
 * What answers from each state of the vocabulary, chosen once when the state comes in
 * (`choose`, which the keeper's swaps call): the index's Finder when the index is in (on the
 * pool's threads where there are some), else the store's; and the store's concepts by URI.
 * An index is installed on the pool once, and its generation retired when a state with
 * another index comes in.
 */
export class Answerers {
  private answering: Answering;
  private pooled: { index: LabelIndex; generation: number; orders: LanguageOrders } | undefined;

  constructor(
    private readonly options: AnswerersOptions,
    first: VocabularyState,
  ) {
    this.answering = this.made(first);
  }

  /** What answers now. */
  get current(): Answering {
    return this.answering;
  }

  /** Chooses what answers from `state`, which comes in now. */
  choose(state: VocabularyState): void {
    this.answering = this.made(state);
  }

  private made(state: VocabularyState): Answering {
    const { store, conceptTypes, defaultLang, conceptWeights, gate } = this.options;
    const concepts = new StoreConcepts(store, state.queries, conceptTypes, defaultLang);
    const finder =
      state.index !== undefined
        ? this.indexFinder(state.index.index)
        : new StoreFinder({
            store,
            queries: state.queries,
            concepts,
            conceptTypes,
            defaultLang,
            spellings: state.spellings,
            conceptWeights,
            gate,
          });
    return { state, finder, concepts };
  }

  private indexFinder(index: LabelIndex): Finder {
    const { pool, defaultLang } = this.options;
    const local = new IndexFinder(index, defaultLang);
    if (pool === undefined) return local;
    if (this.pooled?.index !== index) {
      if (this.pooled !== undefined) pool.retire(this.pooled.generation);
      const generation = pool.install(index, defaultLang);
      this.pooled = { index, generation, orders: new LanguageOrders(index, (lang, order) => pool.installOrder(generation, lang, order)) };
    }
    return new PooledIndexFinder(local, pool, this.pooled.generation, this.pooled.orders);
  }
}
