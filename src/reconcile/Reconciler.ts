import type { Config } from '../config.js';
import type { ConceptService } from '../concepts/ConceptService.js';
import type { Related } from '../concepts/Concept.js';
import { foldedLabel } from '../domain/foldedLetter.js';
import { isRdfIri } from '../sparql/iri.js';
import type { ReconcileRequest } from './ReconcileBatch.js';

/** A type of the reconciliation API: a concept type or a concept scheme. */
export interface ReconcileType {
  id: string;
  name: string;
}

/** A reconciliation candidate as the API's result batch schema has it. */
export interface ReconcileResult {
  id: string;
  name: string;
  score: number;
  match: boolean;
  type: ReconcileType[];
}

/** How many candidates a query with property filters scores before filtering them. */
const FILTERED_CANDIDATES = 100;

/**
 * Answers reconciliation queries (README, "Reconciliation") with the concept service: the
 * scores are domain/reconciliation.ts's; `match` is true only for the one concept with a
 * label equal to the query (folded) when no other concept has one, or for the concept whose
 * IRI the query is. Types are the configured concept types and the concept schemes.
 */
export class Reconciler {
  constructor(
    private readonly concepts: ConceptService,
    private readonly config: Config,
  ) {}

  /** The local name of a concept type (`Concept` for skos:Concept), as its type name. */
  conceptTypeName(type: string): string {
    return type.replace(/^.*[#/:]/, '') || type;
  }

  /** The results of a batch, by key; one query's results best first. */
  async answer(batch: ReadonlyMap<string, ReconcileRequest>): Promise<Record<string, { result: ReconcileResult[] }>> {
    const found = await Promise.all([...batch].map(async ([key, request]) => [key, await this.one(request)] as const));
    // the schemes' names, in each query's language, one store query per language
    const byLang = new Map<string, Set<string>>();
    for (const [key, candidates] of found) {
      const lang = batch.get(key)?.lang ?? this.config.defaultLang;
      const schemes = byLang.get(lang) ?? new Set();
      for (const candidate of candidates) for (const scheme of candidate.schemes) schemes.add(scheme);
      byLang.set(lang, schemes);
    }
    const names = new Map(await Promise.all([...byLang].map(async ([lang, schemes]) => [lang, await this.concepts.labelsOf([...schemes], lang)] as const)));
    const conceptTypes = this.config.conceptTypes.length === 1 ? this.config.conceptTypes.map((id) => ({ id, name: this.conceptTypeName(id) })) : [];
    return Object.fromEntries(
      found.map(([key, candidates]) => {
        const schemeNames = names.get(batch.get(key)?.lang ?? this.config.defaultLang);
        const result = candidates.map(({ uri, name, score, match, schemes }) => ({ id: uri, name, score, match, type: [...conceptTypes, ...schemes.map((id) => ({ id, name: schemeNames?.get(id) || id }))] }));
        return [key, { result }];
      }),
    );
  }

  private async one(request: ReconcileRequest): Promise<Array<{ uri: string; name: string; score: number; match: boolean; schemes: string[] }>> {
    const display = request.lang ?? this.config.defaultLang;
    // the query is a concept's IRI: that concept
    if (request.query !== '' && isRdfIri(request.query) && !/\s/.test(request.query)) {
      const [concept] = await this.concepts.get([request.query], request.lang, new Set(['scheme']));
      if (concept !== undefined) return [{ uri: concept.uri, name: concept.prefLabel, score: 100, match: true, schemes: (concept.scheme ?? []).map((s: Related) => s.uri) }];
    }
    const typeSchemes = request.types.filter((type) => !this.config.conceptTypes.includes(type));
    const anyConcept = request.types.length === 0 || request.typeStrict === 'should' || (typeSchemes.length < request.types.length && request.typeStrict !== 'all');
    const filtered = request.broader.length > 0 || request.notations.length > 0 || request.schemes.length > 0;
    const want = filtered ? Math.max(FILTERED_CANDIDATES, request.limit) : request.limit;
    let candidates: Array<{ uri: string; name: string; score: number; equal: boolean; schemes: string[] }>;
    let equalCount: number;
    if (request.query === '') {
      // a notation alone: the concepts /search finds by it (a notation equal to `q` matches there)
      const notation = request.notations[0] as string;
      const found = await this.concepts.search({ q: notation, count: Math.min(100, want), page: 1, lang: request.lang, fields: new Set(['scheme']) });
      candidates = found.map((concept) => ({ uri: concept.uri, name: concept.prefLabel, score: 100, equal: false, schemes: (concept.scheme ?? []).map((s) => s.uri) }));
      equalCount = 0;
    } else {
      ({ candidates, equalCount } = await this.concepts.reconcile(request.query, { lang: request.lang, ...(anyConcept ? {} : { schemes: typeSchemes, allSchemes: request.typeStrict === 'all' }) }, want, display));
    }
    // every concept with a label equal to the query is among the candidates (they score 100), unless more than `want` are
    const allEqualSeen = candidates.filter((c) => c.equal).length === equalCount;
    if (request.schemes.length > 0) candidates = candidates.filter((candidate) => candidate.schemes.some((scheme) => request.schemes.includes(scheme)));
    if (request.broader.length > 0 || request.notations.length > 0) {
      const fields = await this.concepts.fieldsOf(candidates.map((c) => c.uri), display, new Set(['broader', 'notation']));
      const broaderWanted = new Set(request.broader.map(foldedLabel));
      candidates = candidates.filter(({ uri }) => {
        const { broader = [], notation = [] } = fields.get(uri) ?? {};
        const broaderHolds = request.broader.length === 0 || broader.some((b) => request.broader.includes(b.uri) || broaderWanted.has(foldedLabel(b.label)));
        const notationHolds = request.notations.length === 0 || notation.some((n) => request.notations.includes(n));
        return broaderHolds && notationHolds;
      });
    }
    // the property filters narrow the candidates, and so the namesakes that forbid a match
    const namesakes = filtered && allEqualSeen ? candidates.filter((c) => c.equal).length : equalCount;
    return candidates.slice(0, request.limit).map(({ uri, name, score, equal, schemes }) => ({ uri, name, score, match: equal && namesakes === 1, schemes }));
  }
}
