import { ReconcileQuery } from '../domain/reconciliation.js';
import { searchTerms, suggestTerms } from '../domain/matchPatterns.js';
import { RankQuery } from '../domain/ranking.js';
import type { LabelIndex, ReconcileFilter } from '../index/LabelIndex.js';
import type { Concept, Field } from './Concept.js';
import { pageOf, type FindRequest, type Finder, type NamedCandidate } from './Finder.js';
import { prefLabelOf, schemesOf, shownConcept } from './shownConcept.js';

const NO_FIELDS: ReadonlySet<Field> = new Set();

/**
 * The Finder over the whole vocabulary's label index: it matches, ranks (domain/ranking.ts
 * decides) and pages in memory, and shows what it found from the index too. No store query.
 */
export class IndexFinder implements Finder {
  constructor(
    private readonly index: LabelIndex,
    /** Lower case. */
    private readonly defaultLang: string,
  ) {}

  async search(request: FindRequest): Promise<Concept[]> {
    const lang = request.lang ?? this.defaultLang;
    const fields = request.fields ?? NO_FIELDS;
    const ranked = this.index.search(new RankQuery('search', searchTerms(request.q)), request.q, request, lang, pageOf(request));
    return ranked.flatMap((uri) => shownConcept(this.index, uri, lang, fields) ?? []);
  }

  async suggest(request: FindRequest): Promise<Concept[]> {
    const lang = request.lang ?? this.defaultLang;
    const fields = request.fields ?? NO_FIELDS;
    const uris = this.index.suggest(new RankQuery('suggest', suggestTerms(request.q)), request, lang, pageOf(request));
    if (fields.size > 0)
      return uris
        .flatMap((uri) => shownConcept(this.index, uri, lang, fields) ?? [])
        .map((concept) => ({ ...concept, altLabels: [], related: [] }));
    return uris.map((uri) => ({ uri, prefLabel: prefLabelOf(this.index, uri, lang), altLabels: [], related: [] }));
  }

  async reconcile(
    q: string,
    filter: ReconcileFilter,
    limit: number,
    display: string,
  ): Promise<{ candidates: NamedCandidate[]; equalCount: number }> {
    return named(this.index, q, filter, limit, display);
  }

  async withNotation(text: string): Promise<string[]> {
    return this.index.withNotation(text);
  }

  async shown(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, Concept>> {
    const shown = new Map<string, Concept>();
    for (const uri of uris) {
      const concept = shownConcept(this.index, uri, lang, fields);
      if (concept !== undefined) shown.set(uri, concept);
    }
    return shown;
  }

  async languages(): Promise<string[]> {
    // of the concepts it serves: deprecated ones left out
    return this.index.prefLabelLanguages().sort().slice(0, 1000);
  }
}

/** Reconciliation's candidates on `index` (the whole vocabulary's, or one made of a store's candidates), named in `display`. */
export function named(
  index: LabelIndex,
  q: string,
  filter: ReconcileFilter,
  limit: number,
  display: string,
): { candidates: NamedCandidate[]; equalCount: number } {
  const { candidates, equalCount } = index.reconcile(new ReconcileQuery(q), { column: display, ...filter }, limit);
  return {
    candidates: candidates.map((candidate) => ({
      ...candidate,
      name: prefLabelOf(index, candidate.uri, display),
      schemes: schemesOf(index, candidate.uri),
    })),
    equalCount,
  };
}
