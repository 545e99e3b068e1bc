import type { ReconcileCandidate, ReconcileFilter } from './memory/reconcileInIndex.js';
import type { Concept, Field, SchemeSummary } from '../domain/Concept.js';
import type { MatchedLabel } from '../domain/matchedLabel.js';
import type { Evidence } from '../domain/evidence.js';

/** A /search or /suggest request after validation. */
export interface FindRequest {
  /** Trimmed, 1 to 200 characters. */
  q: string;
  count: number;
  /** 1-based. */
  page: number;
  /** Lower case; restricts matching and chooses the labels. */
  lang?: string | undefined;
  scheme?: string | undefined;
  /** The opt-in fields asked for; none when absent. */
  fields?: ReadonlySet<Field> | undefined;
}

/** A /top or /narrower request after validation: the scheme or concept, and the page. */
export interface BrowseRequest {
  /** The scheme (/top) or the concept (/narrower): an IRI. */
  uri: string;
  count: number;
  /** 1-based. */
  page: number;
  lang?: string | undefined;
  fields?: ReadonlySet<Field> | undefined;
}

/**
 * A reconciliation candidate with what a result shows of it; where the name's query gave
 * properties and the finder tells them (the label index does), its agreement with each.
 */
export type NamedCandidate = ReconcileCandidate & { name: string; schemes: string[]; matched: MatchedLabel; agreements?: boolean[] };

/** One name of a reconciliation batch: its best `limit` candidates are asked for, named in `display`. */
export interface NameQuery {
  q: string;
  filter: ReconcileFilter;
  limit: number;
  display: string;
  /** The properties the query gives: a finder may tell each candidate's agreement with them (`NamedCandidate.agreements`). */
  evidence?: readonly Evidence[] | undefined;
}

/** A name's candidates, best first, and how many concepts have a label equal to it. */
export interface NameCandidates {
  candidates: NamedCandidate[];
  equalCount: number;
  /**
   * Whether the labels a typo away from the name were looked for (the label index does; the
   * store path's candidates are what /search finds): where not, a candidate a typo away may
   * not be the only one, and the match rule does not trust a typo.
   */
  typosSought: boolean;
}

/**
 * What finds concepts by their labels, and what answers from the same place. Two
 * implementations, chosen once for each state of the vocabulary (VocabularyKeeper): the whole
 * vocabulary's label index when it is in (IndexFinder), else the store's queries
 * (StoreFinder), slower and never different where fewer concepts match than it reads.
 * Every method rejects as the store does (502, 503, 504); IndexFinder's never do.
 */
export interface Finder {
  /** A page of /search results, best first, with full details. */
  search(request: FindRequest): Promise<Concept[]>;
  /** A page of /suggest results, best first: URI and prefLabel only (and opt-in fields). */
  suggest(request: FindRequest): Promise<Concept[]>;
  /**
   * Reconciliation (domain/reconciliation.ts scores): for each name of a batch, in order, the
   * best `limit` concepts, each with its name (the prefLabel in `display`) and schemes, and
   * how many concepts have a label equal to it. A batch is asked at once, so that the pool
   * answers it in one message, not one for each name.
   */
  reconcile(names: readonly NameQuery[]): Promise<NameCandidates[]>;
  /** The concepts whose notation is one of `texts` (at most MAX_NOTATIONS and a name), exactly; each once, in the order of the texts. */
  withNotations(texts: readonly string[]): Promise<string[]>;
  /**
   * The namespaces of the vocabulary's concept IRIs (each up to its last `/` or `#`), the
   * commonest first, at most MAX_NAMESPACES, from a sample of its concepts.
   */
  namespaces(): Promise<string[]>;
  /** Concepts as /search shows them, by URI (those that are concepts). */
  shown(uris: readonly string[], lang: string, fields: ReadonlySet<Field>): Promise<Map<string, Concept>>;
  /** The languages of the concepts' preferred labels, lower case, sorted: for a language selector. */
  languages(): Promise<string[]>;
  /** Whether a concept's preferred label is in the language range `lang` (lower case): asks less than `languages`. */
  speaks(lang: string): Promise<boolean>;
  /** /schemes: every concept scheme, by prefLabel in `lang`, then URI. */
  schemes(lang: string): Promise<SchemeSummary[]>;
  /** The IRIs of the schemes /schemes lists, in no order: what /top checks its `scheme` against, without counting their concepts. */
  schemeIris(): Promise<string[]>;
  /** /top: a page of the scheme's top concepts, in browsing order (domain/browseOrder.ts). */
  top(request: BrowseRequest): Promise<Concept[]>;
  /** /narrower: a page of the concepts one level below the concept, in browsing order. */
  narrower(request: BrowseRequest): Promise<Concept[]>;
}

/** The request's page as LIMIT and OFFSET. */
export function pageOf(request: FindRequest | BrowseRequest): { limit: number; offset: number } {
  return { limit: request.count, offset: (request.page - 1) * request.count };
}
