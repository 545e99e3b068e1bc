import type { Config } from '../config.js';
import type { ConceptService } from '../concepts/ConceptService.js';
import type { Concept, Related } from '../concepts/Concept.js';
import { foldedLabel } from '../domain/foldedLetter.js';
import { isRdfIri } from '../sparql/iri.js';
import { weighedScore } from '../domain/reconciliation.js';
import type { EvidenceProperty, PropertyValue, ReconcileRequest } from './ReconcileBatch.js';

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

/** How many candidates a query with properties weighs: its evidence may lift one from further down. */
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
    if (request.unanswered === true) return [];
    // the query is a concept's IRI: that concept
    if (request.query !== '' && isRdfIri(request.query) && !/\s/.test(request.query)) {
      const [concept] = await this.concepts.get([request.query], request.lang, new Set(['scheme']));
      if (concept !== undefined) return [{ uri: concept.uri, name: concept.prefLabel, score: 100, match: true, schemes: (concept.scheme ?? []).map((s: Related) => s.uri) }];
    }
    const typeSchemes = request.types.filter((type) => !this.config.conceptTypes.includes(type));
    const anyConcept = request.types.length === 0 || request.typeStrict === 'should' || (typeSchemes.length < request.types.length && request.typeStrict !== 'all');
    const weighed = request.evidence.length > 0;
    const want = weighed ? Math.max(FILTERED_CANDIDATES, request.limit) : request.limit;
    let candidates: Candidate[] = [];
    let equalCount = 0;
    if (request.query !== '') {
      const found = await this.concepts.reconcile(request.query, { lang: request.lang, ...(anyConcept ? {} : { schemes: typeSchemes, allSchemes: request.typeStrict === 'all' }) }, want, display);
      candidates = found.candidates.map((candidate) => ({ ...candidate, identifier: false }));
      equalCount = found.equalCount;
    }
    // identifiers: the concepts whose notation is the query (or, without a name, a notation given) come first
    const identified = [...new Set((await Promise.all((request.query !== '' ? [request.query] : request.notations).map((notation) => this.concepts.withNotation(notation)))).flat())];
    if (identified.length > 0) {
      const shown = await this.concepts.shown(identified, display, new Set(['scheme']));
      const byUri = new Map(candidates.map((candidate) => [candidate.uri, candidate]));
      const added: Candidate[] = [];
      for (const uri of identified) {
        const concept = shown.get(uri);
        const schemes = (concept?.scheme ?? []).map((scheme) => scheme.uri);
        if (concept === undefined || (!anyConcept && !(request.typeStrict === 'all' ? typeSchemes.every((s) => schemes.includes(s)) : typeSchemes.some((s) => schemes.includes(s))))) continue;
        const known = byUri.get(uri);
        if (known !== undefined) Object.assign(known, { score: 100, identifier: true });
        else added.push({ uri, name: concept.prefLabel, score: 100, equal: false, identifier: true, schemes });
      }
      candidates = [...added, ...candidates];
    }
    // every concept with a label equal to the query is among the candidates (they score 100), unless more than `want` are
    const allEqualSeen = candidates.filter((c) => c.equal).length === equalCount;
    let agreements = new Map<string, boolean[]>();
    if (weighed && candidates.length > 0) {
      const shown = await this.concepts.shown(candidates.map((c) => c.uri), display, new Set(['broader', 'notation', 'scheme']));
      agreements = new Map(candidates.map(({ uri }) => [uri, request.evidence.map(({ pid, values }) => agrees(shown.get(uri), pid, values))]));
      candidates = candidates
        .map((candidate) => ({ ...candidate, score: weighedScore(request.query === '' && !candidate.identifier ? undefined : candidate.score, agreements.get(candidate.uri) ?? []) }))
        .sort((a, b) => b.score - a.score); // stable: equal scores keep the name's order
    }
    const disagrees = (uri: string): boolean => (agreements.get(uri) ?? []).includes(false);
    // a match: no property disagrees, and the concept is the only one to carry the name (or the identifier) among those that do not disagree
    const namesakes = allEqualSeen ? candidates.filter((c) => c.equal && !disagrees(c.uri)).length : equalCount;
    const identifiers = candidates.filter((c) => c.identifier && !disagrees(c.uri)).length;
    return candidates.slice(0, request.limit).map(({ uri, name, score, equal, identifier, schemes }) => ({ uri, name, score, match: !disagrees(uri) && ((identifier && identifiers === 1) || (equal && namesakes === 1 && identifiers === 0)), schemes }));
  }
}

/** A candidate of one query: its name's score (or 100 for an identifier), whether a label equals the query, whether its notation is the query. */
interface Candidate {
  uri: string;
  name: string;
  score: number;
  equal: boolean;
  identifier: boolean;
  schemes: string[];
}

/** Whether a concept agrees with a property given: one of the values is (by IRI, or by label folded) what the concept has. */
function agrees(concept: Concept | undefined, pid: EvidenceProperty, values: readonly PropertyValue[]): boolean {
  if (concept === undefined) return false;
  const folded = new Set(values.flatMap(({ label }) => (label === undefined ? [] : [foldedLabel(label)])));
  const iris = new Set(values.flatMap(({ iri }) => (iri === undefined ? [] : [iri])));
  const linked = (links: readonly Related[] | undefined): boolean => (links ?? []).some((link) => iris.has(link.uri) || (link.label !== '' && folded.has(foldedLabel(link.label))));
  switch (pid) {
    case 'scheme':
      return linked(concept.scheme);
    case 'broader':
      return linked(concept.broader);
    case 'related':
      return linked(concept.related);
    case 'notation':
      return (concept.notation ?? []).some((notation) => values.some(({ label }) => label === notation.trim()));
    case 'prefLabel':
      return folded.has(foldedLabel(concept.prefLabel));
    case 'altLabels':
      return concept.altLabels.some((label) => folded.has(foldedLabel(label)));
  }
}
