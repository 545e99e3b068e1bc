import { columnScore, type ReconcileQuery } from '../domain/reconciliation.js';
import { ENTRY_SPAN, type IndexScan } from './IndexScan.js';

/** Which concepts reconciliation may propose. */
export interface ReconcileFilter {
  /** Lower case: only labels in this language range, or untagged. */
  lang?: string | undefined;
  /** Only concepts in one of these schemes (or, with `allSchemes`, in all of them). */
  schemes?: readonly string[] | undefined;
  /** Lower case: the column's language where `lang` is not given (the default language); labels in others score less (`columnScore`). */
  column?: string | undefined;
  allSchemes?: boolean | undefined;
}

/** A concept reconciliation proposes: its best label's score, and whether a label of it equals the query. */
export interface ReconcileCandidate {
  uri: string;
  score: number;
  equal: boolean;
}

/**
 * How many postings reconciliation reads at most for one query, rarest query words first
 * (within a word, the labels that rank first within a tier). A label equal to the query is
 * always found, whatever this cuts. Measured (BENCHMARKS.md, "Reconciliation batches"):
 * 20,000 and 5,000 give the same relevance figures on the shared vocabularies; on a
 * synthetic 200,000-concept one, a batch of 100 takes 1.5 s with 20,000 and 0.55 s with 5,000.
 */
const RECONCILE_MOST_POSTINGS = 5_000;

/**
 * Reconciliation on the label index: the concepts whose labels score best against `query`
 * (domain/reconciliation.ts decides the score), best first, at most `limit`; ties by the order
 * of their best label within a tier (prefLabels and standing first). Candidates are the
 * labels that hold a word alike to a query word (equal, same stem, one typo), read from the
 * rarest query word on, and the labels equal to the query. `equalCount` is the number of
 * concepts passing the filter with a label equal to the query, all of them counted.
 */
export function reconcileInIndex(
  scan: IndexScan,
  query: ReconcileQuery,
  filter: ReconcileFilter,
  limit: number,
): { candidates: ReconcileCandidate[]; equalCount: number } {
  const index = scan.index;
  const accepts = acceptor(scan, filter);
  if (accepts === undefined || query.words.length === 0) return { candidates: [], equalCount: 0 };
  const languages = filter.lang === undefined ? index.languages : [filter.lang, ''];
  const column = scan.languageMask(filter.lang ?? filter.column ?? '');
  scan.startOffers();
  // per query word, the dictionary words alike to it, and how many postings they have
  const alike = query.words.map((_, i) => {
    const found = new Set<number>();
    const { starts, ends } = query.wordLookups(i, languages);
    const consider = (w: number): void => {
      if (!found.has(w) && query.mayMatchWord(i, index.word(w), languages)) found.add(w);
    };
    for (const { folded, prefix } of starts) {
      const [low, high] = index.wordRange(folded, prefix);
      for (let w = low; w < high; w++) consider(w);
    }
    for (const suffix of ends) for (const w of index.wordsEnding(suffix)) consider(w);
    const list = [...found];
    return {
      list,
      postings: list.reduce((sum, w) => {
        const [from, to] = index.postingRange(w, w + 1);
        return sum + to - from;
      }, 0),
    };
  });
  const equal = new Set<number>();
  // each label scored once: a label holding two of the name's words is in both words' postings
  const scored = new Set<number>();
  const offer = (entry: number): void => {
    if (scored.has(entry)) return;
    scored.add(entry);
    if (!accepts(entry)) return;
    const concept = index.conceptOf(entry);
    const labelWords = index.wordsOf(entry);
    const language = index.languages[index.languageOf(entry)] as string;
    const names = query.names(labelWords, language);
    const speaking = column[index.languageOf(entry)] === 1;
    const score = Math.round(columnScore(query.score(labelWords, language), names, speaking) * 100) / 100;
    if (score <= 0) return;
    if (names) equal.add(concept);
    // scores to 0.01; at one score, the labels that speak the column's language first, then by entry number
    scan.offer(concept, (Math.round((100 - score) * 100) * 2 + (speaking ? 0 : 1)) * ENTRY_SPAN + entry);
  };
  // the labels equal to the query, all of them, and those that name it otherwise (less an article, an inverted heading: `names`)
  for (const text of query.namingTexts) for (const entry of index.entriesEqualTo(text)) offer(entry);
  // then the postings of the alike words, rarest query word first, up to the budget
  let budget = RECONCILE_MOST_POSTINGS;
  for (const { list } of alike.filter(({ postings }) => postings > 0).sort((a, b) => a.postings - b.postings)) {
    for (const w of list) {
      const [from, to] = index.postingRange(w, w + 1);
      for (let p = from; p < to && budget > 0; p++, budget--) offer(index.posting(p));
    }
    if (budget <= 0) break;
  }
  const top = scan.takeBest(limit);
  const uris = index.uris(top.map(({ concept }) => concept));
  const candidates = top.map(({ concept, key }, i) => ({
    uri: uris[i] as string,
    // the key holds the score's shortfall from 100 in whole hundredths: 10000 less it, over 100, is the score as 0.01 rounds it
    // (100 - 74.4 would be 25.599999999999994)
    score: (10000 - Math.floor(key / ENTRY_SPAN / 2)) / 100,
    equal: equal.has(concept),
  }));
  return { candidates, equalCount: equal.size };
}

/** A test on entries for a reconciliation filter; undefined when nothing can pass (no known scheme). */
function acceptor(scan: IndexScan, { lang, schemes, allSchemes }: ReconcileFilter): ((entry: number) => boolean) | undefined {
  const index = scan.index;
  const mask = lang === undefined ? undefined : scan.languageMask(lang);
  const ids = schemes?.map((scheme) => index.schemeNumber(scheme));
  if (ids !== undefined && (allSchemes === true ? ids.some((id) => id === undefined) : ids.every((id) => id === undefined)))
    return undefined;
  const known = ids?.filter((id): id is number => id !== undefined);
  return (entry) => {
    if (mask !== undefined && mask[index.languageOf(entry)] !== 1) return false;
    if (known === undefined) return true;
    const concept = index.conceptOf(entry);
    return allSchemes === true ? known.every((id) => index.inScheme(concept, id)) : known.some((id) => index.inScheme(concept, id));
  };
}
