import { localNameIris } from '../domain/localNames.js';
import type { Config } from '../Config.js';
import type { Lookup } from '../lookup/Lookup.js';
import type { NameCandidates, NameQuery } from '../lookup/Finder.js';
import type { Concept, Related } from '../domain/Concept.js';
import { agreements as agreementsWith, evidenceFields } from '../domain/evidence.js';
import { isRdfIri } from '../domain/iri.js';
import { weighedScore } from '../domain/reconciliation.js';
import type { MatchedLabel } from '../domain/matchedLabel.js';
import { leadsOf, matchesOf, type MatchRule } from '../domain/matchRules.js';
import { MAX_TEXT, type ReconcileRequest } from './ReconcileBatch.js';

/** A type of the reconciliation API: a concept type or a concept scheme. */
export interface ReconcileType {
  id: string;
  name: string;
}

/** One candidate, with what its score was made of (1.0's matching features). */
export interface ReconcileResult {
  id: string;
  name: string;
  score: number;
  match: boolean;
  type: ReconcileType[];
  /** The name's score alone, 0 to 100 (100 for an identifier); undefined where the query gave no name. */
  nameScore: number | undefined;
  /** Per property given (the request's `evidence`, in order), whether the candidate agrees with it. */
  agreements: boolean[];
  /** The label the name found it by, and how it matched; undefined for a candidate found by its IRI or identifier. */
  matched: MatchedLabel | undefined;
  /** Whether it was found by its notation, its IRI's last segment or its IRI. */
  identifier: boolean;
  /** Its score less the best other candidate's (positive: it leads). */
  lead: number;
}

/** How many candidates a match by nearness looks at, at least: the first, and those that may be as near. */
const MATCH_WINDOW = 5;

/** How many candidates a query with properties weighs: its evidence may lift one from further down. */
const FILTERED_CANDIDATES = 100;

/**
 * Answers reconciliation queries (docs/openrefine.md, "Reconciliation") with the concept service: the
 * scores are domain/reconciliation.ts's; `match` is true only for the one concept with a
 * label equal to the query (folded) when no other concept has one, or for the concept whose
 * IRI the query is. Types are the configured concept types and the concept schemes.
 */
export class Reconciler {
  constructor(
    private readonly concepts: Lookup,
    private readonly config: Config,
  ) {}

  /** The local name of a concept type (`Concept` for skos:Concept), as its type name. */
  conceptTypeName(type: string): string {
    return type.replace(/^.*[#/:]/, '') || type;
  }

  /** The results of a batch, by key; one query's results best first. */
  async answer(
    batch: ReadonlyMap<string, ReconcileRequest>,
    /** The match rule: RECONCILE_MATCH's, unless `calibrate` asks for another. */
    rule: MatchRule = this.config.reconcileMatch,
  ): Promise<Record<string, ReconcileResult[]>> {
    const requests = [...batch];
    // a query that is a concept's IRI is answered by that concept, without a name search
    const byIri = await Promise.all(requests.map(([, request]) => this.conceptOfIri(request)));
    // every other name of the batch at once (one message to the pool, not one for each name)
    const asked = requests.map(([, request], i) => (byIri[i] === undefined ? this.nameQuery(request, rule) : undefined));
    const answered = await this.concepts.reconcile(asked.flatMap((query) => query ?? []));
    let next = 0;
    const named = asked.map((query) => (query === undefined ? undefined : answered[next++]));
    const found = await Promise.all(
      requests.map(async ([key, request], i) => {
        const concept = byIri[i];
        if (concept !== undefined) return [key, [iriCandidate(concept)]] as const;
        return [key, await this.one(request, named[i], rule)] as const;
      }),
    );
    // the schemes' names, in each query's language, one store query per language
    const byLang = new Map<string, Set<string>>();
    for (const [key, candidates] of found) {
      const lang = batch.get(key)?.lang ?? this.config.defaultLang;
      const schemes = byLang.get(lang) ?? new Set();
      for (const candidate of candidates) for (const scheme of candidate.schemes) schemes.add(scheme);
      byLang.set(lang, schemes);
    }
    const names = new Map(
      await Promise.all([...byLang].map(async ([lang, schemes]) => [lang, await this.concepts.labelsOf([...schemes], lang)] as const)),
    );
    const conceptTypes =
      this.config.conceptTypes.length === 1 ? this.config.conceptTypes.map((id) => ({ id, name: this.conceptTypeName(id) })) : [];
    return Object.fromEntries(
      found.map(([key, candidates]) => {
        const schemeNames = names.get(batch.get(key)?.lang ?? this.config.defaultLang);
        return [
          key,
          candidates.map(({ uri, schemes, ...rest }) => ({
            id: uri,
            ...rest,
            type: [...conceptTypes, ...schemes.map((id) => ({ id, name: schemeNames?.get(id) || id }))],
          })),
        ];
      }),
    );
  }

  /**
   * The concepts a query names by an identifier, before any name's candidate: those whose
   * notation is the name, as given, in upper case or in lower case (in that order); else
   * those whose IRI ends with the name as its last segment, in one of the vocabulary's
   * namespaces (`12345-6` for <http://zbw.eu/stw/descriptor/12345-6>), to be checked as
   * concepts. Without a name, those whose notation is a notation given.
   */
  private async identified(request: ReconcileRequest): Promise<string[]> {
    const name = request.query;
    if (name === '') return this.concepts.withNotations(request.notations);
    const byNotation = await this.concepts.withNotations([...new Set([name, name.toUpperCase(), name.toLowerCase()])]);
    if (byNotation.length > 0) return byNotation;
    return localNameIris(name, await this.concepts.namespaces());
  }

  /** The concept whose IRI the query is, if it is one. */
  private async conceptOfIri(request: ReconcileRequest): Promise<Concept | undefined> {
    if (request.unanswered === true || request.query === '' || !isRdfIri(request.query) || /\s/.test(request.query)) return undefined;
    const [concept] = await this.concepts.get([request.query], request.lang, new Set(['scheme']));
    return concept;
  }

  /**
   * What a query asks of the names' candidates, undefined where it gives no name to look up.
   * A scheme narrows the candidates to its concepts, whatever type_strict says: OpenRefine
   * sends "should" with every type a person picks (its type suggestions offer the schemes),
   * and means the scheme. A concept type among the types admits every concept (unless "all").
   */
  private nameQuery(request: ReconcileRequest, rule: MatchRule): NameQuery | undefined {
    if (request.unanswered === true || request.query === '') return undefined;
    // without the label index a name is looked up as a /search, and bounded as its `q` is
    if (this.concepts.labelIndex === undefined && [...request.query].length > MAX_TEXT) {
      request.ignored.push(`a name over ${MAX_TEXT} characters without the label index: no candidates`);
      return undefined;
    }
    const { typeSchemes, anyConcept } = this.typeFilter(request);
    // a match by nearness needs the candidates after the first, whatever the limit (MATCH_WINDOW)
    const want = Math.max(request.evidence.length > 0 ? FILTERED_CANDIDATES : 0, rule === 'names' ? 0 : MATCH_WINDOW, request.limit);
    return {
      q: request.query,
      filter: { lang: request.lang, ...(anyConcept ? {} : { schemes: typeSchemes, allSchemes: request.typeStrict === 'all' }) },
      limit: want,
      display: request.lang ?? this.config.defaultLang,
      ...(request.evidence.length > 0 ? { evidence: request.evidence } : {}),
    };
  }

  /** The schemes among a query's types, and whether its types admit every concept. */
  private typeFilter(request: ReconcileRequest): { typeSchemes: string[]; anyConcept: boolean } {
    const typeSchemes = request.types.filter((type) => !this.config.conceptTypes.includes(type));
    const anyConcept = request.types.length === 0 || (typeSchemes.length < request.types.length && request.typeStrict !== 'all');
    return { typeSchemes, anyConcept };
  }

  /** A query's candidates, best first: `found`, the name's, after the identifiers, weighed by the properties given. */
  private async one(request: ReconcileRequest, found: NameCandidates | undefined, rule: MatchRule): Promise<QueryCandidate[]> {
    const display = request.lang ?? this.config.defaultLang;
    if (request.unanswered === true) return [];
    const { typeSchemes, anyConcept } = this.typeFilter(request);
    const weighed = request.evidence.length > 0;
    let candidates: Candidate[] = (found?.candidates ?? []).map((candidate) => ({ ...candidate, identifier: false }));
    const equalCount = found?.equalCount ?? 0;
    // identifiers: the concepts whose notation is the query (or, without a name, a notation given) come first
    const identified = await this.identified(request);
    if (identified.length > 0) {
      const shown = await this.concepts.shown(identified, display, new Set(['scheme']));
      const byUri = new Map(candidates.map((candidate) => [candidate.uri, candidate]));
      const first: Candidate[] = [];
      for (const uri of identified) {
        const concept = shown.get(uri);
        const schemes = (concept?.scheme ?? []).map((scheme) => scheme.uri);
        if (
          concept === undefined ||
          (!anyConcept &&
            !(request.typeStrict === 'all' ? typeSchemes.every((s) => schemes.includes(s)) : typeSchemes.some((s) => schemes.includes(s))))
        )
          continue;
        const known = byUri.get(uri);
        if (known !== undefined) first.push(Object.assign(known, { score: 100, identifier: true }));
        else first.push({ uri, name: concept.prefLabel, score: 100, equal: false, identifier: true, schemes });
      }
      // before every name's candidate, also where the name found it too (a decimal class's
      // notation, "80.21", finds its main class "80" by name before it)
      candidates = [...first, ...candidates.filter((candidate) => !candidate.identifier)];
    }
    // every concept with a label equal to the query is among the candidates (they score 100), unless more than `want` are
    const allEqualSeen = candidates.filter((c) => c.equal).length === equalCount;
    let agreements = new Map<string, boolean[]>();
    const nameScores = new Map(candidates.map((c) => [c.uri, request.query === '' && !c.identifier ? undefined : c.score]));
    if (weighed && candidates.length > 0) {
      // the label index tells a name's candidates' agreements where it finds them (on its
      // pool's thread); the others (the store's, those found by an identifier alone) are
      // shown here and told alike
      const untold = candidates.filter((c) => c.agreements === undefined).map((c) => c.uri);
      const shown =
        untold.length === 0 ? new Map<string, Concept>() : await this.concepts.shown(untold, display, evidenceFields(request.evidence));
      const agree = agreementsWith(request.evidence);
      agreements = new Map(candidates.map(({ uri, agreements: told }) => [uri, told ?? agree(shown.get(uri))]));
      // a required property (1.0's conditions) leaves out the candidates that do not agree with it
      candidates = candidates.filter(({ uri }) =>
        request.evidence.every((evidence, i) => evidence.required !== true || agreements.get(uri)?.[i] === true),
      );
      candidates = candidates
        .map((candidate) => ({ ...candidate, score: weighedScore(nameScores.get(candidate.uri), agreements.get(candidate.uri) ?? []) }))
        .sort((a, b) => b.score - a.score); // stable: equal scores keep the name's order
    }
    return decided(candidates, {
      rule,
      limit: request.limit,
      agreements,
      nameScores,
      equalCount,
      allEqualSeen,
      typosSought: found?.typosSought ?? false,
    });
  }
}

/**
 * The answered candidates, the first `limit`, each with its match (domain/matchRules.ts: no
 * property disagrees, and the concept is the only one to carry the name or the identifier
 * among those that do not disagree, or, by the rule in force, the only one near it by a clear
 * lead) and its lead.
 */
function decided(
  candidates: readonly Candidate[],
  {
    rule,
    limit,
    agreements,
    nameScores,
    equalCount,
    allEqualSeen,
    typosSought,
  }: {
    rule: MatchRule;
    limit: number;
    agreements: ReadonlyMap<string, boolean[]>;
    nameScores: ReadonlyMap<string, number | undefined>;
    /** How many concepts name the query, and whether every one of them is among the candidates. */
    equalCount: number;
    allEqualSeen: boolean;
    /** Whether the finder looked for the labels a typo away (NameCandidates). */
    typosSought: boolean;
  },
): QueryCandidate[] {
  const disagrees = (uri: string): boolean => (agreements.get(uri) ?? []).includes(false);
  const namesakes = allEqualSeen ? candidates.filter((c) => c.equal && !disagrees(c.uri)).length : equalCount;
  const evidence = candidates.map((c) => ({
    score: c.score,
    names: c.equal,
    identifier: c.identifier,
    disagrees: disagrees(c.uri),
    matched: c.matched,
  }));
  const matches = matchesOf(rule, evidence, namesakes, equalCount > 0, typosSought);
  const leads = leadsOf(candidates.map((c) => c.score));
  return candidates.slice(0, limit).map(({ uri, name, score, identifier, schemes, matched }, i) => ({
    uri,
    name,
    score,
    match: matches[i] === true,
    schemes,
    nameScore: nameScores.get(uri),
    agreements: agreements.get(uri) ?? [],
    matched: identifier ? undefined : matched,
    identifier,
    lead: leads[i] as number,
  }));
}

/** The one candidate of a query that is a concept's IRI: that concept, a match. */
function iriCandidate(concept: Concept): QueryCandidate {
  return {
    uri: concept.uri,
    name: concept.prefLabel,
    score: 100,
    match: true,
    schemes: (concept.scheme ?? []).map((s: Related) => s.uri),
    nameScore: 100,
    agreements: [],
    matched: undefined,
    identifier: true,
    lead: 100,
  };
}

/** A query's candidate as `one` gives it: the batch's answer adds its types. */
type QueryCandidate = Omit<ReconcileResult, 'id' | 'type'> & { uri: string; schemes: string[] };

/** A candidate of one query: its name's score (or 100 for an identifier), whether a label equals the query, whether its notation is the query. */
interface Candidate {
  uri: string;
  name: string;
  score: number;
  equal: boolean;
  identifier: boolean;
  schemes: string[];
  /** The label the name found it by; none for a concept found by its identifier alone. */
  matched?: MatchedLabel | undefined;
  /** Its agreement with each property given, where the finder told it (NamedCandidate). */
  agreements?: boolean[] | undefined;
}
