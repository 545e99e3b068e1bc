import { foldText } from '../domain/foldedLetter.js';
import { searchTerms } from '../domain/matchPatterns.js';
import { SKOS } from '../domain/namespaces.js';
import { BadRequestError } from '../errors.js';
import type { Concept, Field } from '../domain/Concept.js';
import type { Lookup } from '../lookup/Lookup.js';
import { MAX_COUNT, MAX_RESULTS_DEPTH, checkedText } from '../endpoints/parameters.js';
import { readWindow } from '../endpoints/readWindow.js';
import type { Vocabulary } from './SkosmosVocabularies.js';

/** How Skosmos' `query` is read: its words for /search, and whether a label must equal it (no `*` anywhere). */
export interface SkosmosQuery {
  /** The words as /search takes them: a word that ended in `*` keeps it (a prefix). */
  q: string;
  /** No `*` was given: Skosmos then finds labels equal to the query (up to case), not words in them. */
  exact: boolean;
  /** The query as given, trimmed. */
  text: string;
}

/**
 * Skosmos' wildcards as this service can honour them: a `*` at the end of a word makes it a
 * prefix (`cosmolog*`); a `*` before a word is dropped (`*bass` finds the word `bass`, where
 * Skosmos would find any label ending in it); a word that is only `*` is dropped; and a query
 * without any `*` finds labels equal to it.
 */
export function readQuery(raw: string | undefined): SkosmosQuery {
  const text = checkedText((raw ?? '').trim(), "'query' parameter");
  if (text === '') throw new BadRequestError("'query' parameter is mandatory: the words to find, `*` at a word's end for a prefix");
  const words = text
    .split(/\s+/)
    .map((word) => {
      const stripped = word.replace(/^\*+/, '');
      const star = stripped.indexOf('*');
      return star === -1 ? stripped : `${stripped.slice(0, star)}*`;
    })
    .filter((word) => word !== '' && word !== '*');
  if (words.length === 0)
    throw new BadRequestError(`'query' parameter must hold a letter or digit besides '*' (this service does not list every concept)`);
  return { q: words.join(' '), exact: !text.includes('*'), text };
}

/** Whether a label of the concept (its prefLabel as shown, or an altLabel) equals the query, up to case and diacritics. */
export function equalLabel(concept: Concept, text: string): boolean {
  const folded = foldText(text);
  return [concept.prefLabel, ...concept.altLabels].some((label) => foldText(label) === folded);
}

/**
 * The altLabel the query found where the prefLabel shown would not have found it: Skosmos
 * names it beside the prefLabel (`altLabel`), and its clients show it ("Tomato (Love apple)").
 * Each word of the query must start (with `*`) or be a word of the label, up to case and
 * diacritics; without `*`, the label must equal the query.
 */
export function matchedAltLabel(concept: Concept, query: SkosmosQuery): string | undefined {
  // the query's words and a label's, read as /search reads them
  const wanted = searchTerms(query.q);
  const found = (label: string): boolean => {
    if (query.exact) return foldText(label) === foldText(query.text);
    const words = searchTerms(label).map(({ folded }) => folded);
    return wanted.every(({ folded, prefix }) => words.some((word) => (prefix ? word.startsWith(folded) : word === folded)));
  };
  return found(concept.prefLabel) ? undefined : concept.altLabels.find(found);
}

export interface SkosmosSearchRequest {
  query: SkosmosQuery;
  /** The language labels are matched in (and shown in); undefined: any. */
  lang: string | undefined;
  /** The vocabularies searched: all of them, or those `vocab` names. */
  vocabularies: Vocabulary[];
  /** Whether `vocabularies` is every vocabulary there is. */
  everyVocabulary: boolean;
  /** Keeps concepts below this one (its IRI), by their path to the top. */
  parent: string | undefined;
  maxhits: number;
  offset: number;
  /** The opt-in fields a result needs. */
  fields: ReadonlySet<Field>;
}

/** The most results read, to filter them (exact labels, several vocabularies, a parent), for one page: ten pages of /search. */
export const FILTER_DEPTH = 10 * MAX_COUNT;

/**
 * The window [offset, offset + maxhits) of /search's results (same ranking), with the fields
 * asked for, kept to those that a label equals (a query without `*`), that are in the
 * vocabularies named, and below `parent`. Where results are filtered, at most FILTER_DEPTH of
 * /search's results are read.
 */
export async function skosmosSearch(concepts: Lookup, request: SkosmosSearchRequest): Promise<Concept[]> {
  const { query, vocabularies, everyVocabulary, parent, maxhits, offset } = request;
  // a result's scheme tells several vocabularies apart; of one, every result is in it (as in Skosmos, whose vocabulary is its graph)
  const fields = new Set<Field>([
    ...request.fields,
    ...(vocabularies.length > 1 ? (['scheme'] as const) : []),
    'notation',
    ...(parent === undefined ? [] : (['ancestors', 'broader'] as const)),
  ]);
  const schemes = new Set(vocabularies.flatMap(({ scheme }) => (scheme === undefined ? [] : [scheme])));
  // one vocabulary of several: /search narrows to its scheme; several: results are filtered
  const scheme = vocabularies.length === 1 && !everyVocabulary ? vocabularies[0]?.scheme : undefined;
  const inVocabularies = (concept: Concept): boolean =>
    everyVocabulary || scheme !== undefined || (concept.scheme ?? []).some(({ uri }) => schemes.has(uri));
  const below = (concept: Concept): boolean =>
    parent === undefined || [...(concept.ancestors ?? []), ...(concept.broader ?? [])].some(({ uri }) => uri === parent);
  const keep = (concept: Concept): boolean =>
    (!query.exact || equalLabel(concept, query.text)) && inVocabularies(concept) && below(concept);
  const filtered = query.exact || !(everyVocabulary || scheme !== undefined) || parent !== undefined;
  const page = (count: number, number: number): Promise<Concept[]> =>
    concepts.search({ q: query.q, count, page: number, lang: request.lang, scheme, fields });
  // Skosmos takes any window: past the depth the service reads, there is nothing to answer
  const depth = filtered ? FILTER_DEPTH : MAX_RESULTS_DEPTH;
  if (offset >= depth) return [];
  const within = Math.min(maxhits, depth - offset);
  if (!filtered) return readWindow(page, { limit: within, offset });
  return gathered(offset, within, page, keep, query);
}

/**
 * The window [offset, offset + maxhits) of the results `keep` keeps, reading pages of /search
 * until it is whole or no later result can be kept: first one small page (the window and one
 * more), which most queries end with, then pages of MAX_COUNT, at most FILTER_DEPTH results.
 */
async function gathered(
  offset: number,
  maxhits: number,
  page: (count: number, number: number) => Promise<Concept[]>,
  keep: (concept: Concept) => boolean,
  query: SkosmosQuery,
): Promise<Concept[]> {
  /** Reads `pages` pages of `size` results until the window is kept whole or no later result can be; `done` says whether it was. */
  const gather = async (size: number, pages: number): Promise<{ kept: Concept[]; done: boolean }> => {
    const kept: Concept[] = [];
    for (let number = 1; number <= pages; number++) {
      const results = await page(size, number);
      kept.push(...results.filter(keep));
      // equal labels rank first (/search's first tier): past the first that is not, none is
      const last = results.length < size || (query.exact && results.some((concept) => !equalLabel(concept, query.text)));
      if (kept.length >= offset + maxhits || last) return { kept, done: true };
    }
    return { kept, done: size * pages >= FILTER_DEPTH };
  };
  const small = offset + maxhits + 1;
  let found = small < MAX_COUNT ? await gather(small, 1) : { kept: [], done: false };
  if (!found.done) found = await gather(MAX_COUNT, FILTER_DEPTH / MAX_COUNT);
  return found.kept.slice(offset, offset + maxhits);
}

/** The fields Skosmos' search may add to a result (`fields`, names separated by spaces), as this service has them. */
const SEARCH_FIELDS: Readonly<Record<string, Field>> = { broader: 'broader', narrower: 'narrower', notation: 'notation' };

/** The fields `fields` asks for; names this service does not have are passed over, as Skosmos does. */
export function searchFields(fields: string | undefined): Set<Field> {
  return new Set((fields ?? '').split(/\s+/).flatMap((name) => (SEARCH_FIELDS[name] === undefined ? [] : [SEARCH_FIELDS[name]])));
}

/** Whether `type` asks for another type than a concept's, or `group` for a group (this service has none): then nothing is found. */
export function wantsNone(type: string | undefined, group: string | undefined): boolean {
  const isConceptType = (one: string): boolean => one === 'skos:Concept' || one === `${SKOS}Concept`;
  return (type !== undefined && type !== '' && !type.split(/\s+/).some(isConceptType)) || (group !== undefined && group !== '');
}

/** Skosmos' lookup: prefLabels equal to the label, else equal up to case, else altLabels so. */
export function lookupHits(candidates: readonly Concept[], label: string): Array<{ concept: Concept; altLabel?: string }> {
  const lower = label.toLowerCase();
  const tiers: Array<(concept: Concept) => string | boolean | undefined> = [
    (concept) => concept.prefLabel === label,
    (concept) => concept.prefLabel.toLowerCase() === lower,
    (concept) => concept.altLabels.find((alt) => alt === label),
    (concept) => concept.altLabels.find((alt) => alt.toLowerCase() === lower),
  ];
  for (const [i, tier] of tiers.entries()) {
    const hits = candidates.flatMap((concept) => {
      const hit = tier(concept);
      if (hit === false || hit === undefined) return [];
      return [i < 2 ? { concept } : { concept, altLabel: hit as string }];
    });
    if (hits.length > 0) return hits;
  }
  return candidates.filter((concept) => equalLabel(concept, label)).map((concept) => ({ concept }));
}
