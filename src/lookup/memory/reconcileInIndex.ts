import { columnScore, type ReconcileQuery } from '../../domain/reconciliation.js';
import { alikeWords } from './alikeWords.js';
import { ENTRY_SPAN, type AlikeWords, type IndexScan } from './IndexScan.js';
import { keyBound } from './keyBound.js';
import { firstAtLeast, PostingCursors } from './PostingCursors.js';
import { TopKeys } from './TopKeys.js';

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
 * always found, whatever this cuts. Measured (docs/benchmark-history.md, "Reconciliation batches"):
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
 * concepts passing the filter with a label equal to the query, counted up to `limit` + 1 once
 * the page is full of them (more than the page holds: no match can rest on the name).
 *
 * Top-k: once the page holds `limit` concepts, a label is scored only if the best score its
 * length, first word and the query words it may still match allow could enter the page
 * (`keyBound`; the query words its words are alike to are counted from its word numbers). Where the budget reads every posting, they are first only counted (a label
 * once per query word it holds an alike word of), and the labels scored most words first.
 * The candidates are those that scoring every label read gives (test/lookup/reconcileTopK.test.ts).
 */
export function reconcileInIndex(
  scan: IndexScan,
  query: ReconcileQuery,
  filter: ReconcileFilter,
  limit: number,
  /** Whether the postings are counted before any label is scored; by default, where the budget reads them all. Tests ask for each way. */
  countFirst?: boolean,
): { candidates: (ReconcileCandidate & { concept: number; entry: number })[]; equalCount: number } {
  const index = scan.index;
  const accepts = acceptor(scan, filter);
  if (accepts === undefined || query.words.length === 0) return { candidates: [], equalCount: 0 };
  const languages = filter.lang === undefined ? index.languages : [filter.lang, ''];
  const column = scan.languageMask(filter.lang ?? filter.column ?? '');
  scan.startOffers();
  // the concepts with a label that names the query, marked with this round's stamp
  const equalStamp = scan.nextStamp();
  let equalCount = 0;
  const named = (concept: number): void => {
    if (scan.isSeen(concept, equalStamp)) return;
    scan.markSeen(concept, equalStamp);
    equalCount++;
  };
  const top = new TopKeys(limit);
  const keep = (concept: number, key: number): void => {
    if (key > top.bar) return;
    scan.offer(concept, key);
    top.offer(concept, key);
  };
  // the labels whose text is the query's: each scores 100, and its concept counts. They come
  // in entry order: once the page holds `limit` concepts by labels that speak the column's
  // language, no later label can enter it, and once more than `limit` concepts are counted no
  // match can rest on the name (the Reconciler needs no exact count above that)
  const pageNamed = (): boolean => top.bar < ENTRY_SPAN && equalCount > limit;
  for (const entry of index.entriesEqualTo(query.text)) {
    if (!accepts(entry)) continue;
    const concept = index.conceptOf(entry);
    named(concept);
    keep(concept, (column[index.languageOf(entry)] === 1 ? 0 : 1) * ENTRY_SPAN + entry);
    if (pageNamed()) break;
  }
  // every other label scores less than 100: none can enter a page of names
  if (!pageNamed()) offerAlike({ scan, query, languages, accepts, column, top, named, keep, countFirst });
  const best = scan.takeBest(limit);
  const uris = index.uris(best.map(({ concept }) => concept));
  const candidates = best.map(({ concept, key }, i) => ({
    concept,
    // the best label: the key's last part
    entry: key % ENTRY_SPAN,
    uri: uris[i] as string,
    // the key holds the score's shortfall from 100 in whole hundredths: 10000 less it, over 100, is the score as 0.01 rounds it
    // (100 - 74.4 would be 25.599999999999994)
    score: (10000 - Math.floor(key / ENTRY_SPAN / 2)) / 100,
    equal: scan.isSeen(concept, equalStamp),
  }));
  return { candidates, equalCount };
}

/** What a reconciliation round holds while it offers labels: the query, its filter, and the page so far. */
interface Round {
  scan: IndexScan;
  query: ReconcileQuery;
  languages: readonly string[];
  accepts: (entry: number) => boolean;
  /** Per language number, 1 where labels speak the column's language. */
  column: Uint8Array;
  top: TopKeys;
  /** Counts a concept with a label that names the query. */
  named: (concept: number) => void;
  /** Keeps a concept's key if it may enter the page. */
  keep: (concept: number, key: number) => void;
  /** `reconcileInIndex`'s. */
  countFirst: boolean | undefined;
}

/**
 * Offers the labels that name the query otherwise than by equal text, and those holding a
 * word alike to a query word (the postings, rarest query word first, up to the budget), each
 * scored where its bound lets it enter the page.
 */
function offerAlike({ scan, query, languages, accepts, column, top, named, keep, countFirst }: Round): void {
  const index = scan.index;
  const alike = alikeWords(scan, query, languages);
  const bound = keyBound(scan, query);
  const covered = coveredWords(scan, alike);
  /**
   * Scores a label and keeps its key. With `matchable`, the number of query words the label
   * may match, a label whose best possible key cannot enter the page is not scored: a label
   * that names the query was met above, and scoring it again changes nothing. Where the
   * bound from `matchable` lets it in, the query words its words are alike to are counted
   * (`covered`), and the bound asked again with them.
   */
  const offer = (entry: number, matchable: number | undefined): void => {
    const speaking = column[index.languageOf(entry)] === 1;
    if (matchable !== undefined && top.bar < Infinity) {
      if (!bound.mayEnter(entry, matchable, speaking, top.bar)) return;
      if (covered !== undefined && !bound.mayEnter(entry, Math.min(matchable, covered(entry)), speaking, top.bar)) return;
    }
    const labelWords = index.wordsOf(entry);
    const language = index.languages[index.languageOf(entry)] as string;
    const names = query.names(labelWords, language);
    const score = Math.round(columnScore(query.score(labelWords, language), names, speaking) * 100) / 100;
    if (score <= 0) return;
    const concept = index.conceptOf(entry);
    if (names) named(concept);
    // scores to 0.01; at one score, the labels that speak the column's language first, then by entry number
    keep(concept, (Math.round((100 - score) * 100) * 2 + (speaking ? 0 : 1)) * ENTRY_SPAN + entry);
  };
  // the labels that name the query otherwise (less an article, an inverted heading: `names`), all of them
  for (const text of query.namingTexts)
    if (text !== query.text) for (const entry of index.entriesEqualTo(text)) if (accepts(entry)) offer(entry, undefined);
  // then the postings of the alike words, rarest query word first, up to the budget
  const streams = alike.filter(({ postings }) => postings > 0).sort((a, b) => a.postings - b.postings);
  if (countFirst ?? streams.reduce((sum, { postings }) => sum + postings, 0) <= RECONCILE_MOST_POSTINGS) {
    // all of them are read: each label is counted once per query word whose alike words it
    // holds (`countLabel`), so that it may match at most that many query words; then scored,
    // those that may match the most first: the page's bar falls fastest, and once the loosest
    // bound of a count cannot enter, no fewer can either
    for (const { list } of streams)
      for (const w of list) {
        const [from, to] = index.postingRange(w, w + 1);
        // a label holding two alike words of one query word counts twice: a looser bound, never a wrong one
        for (let p = from; p < to; p++) scan.countLabel(index.posting(p), accepts);
      }
    const byCount = scan.takeCounts();
    for (let count = byCount.length - 1; count > 0; count--) {
      if (top.bar < Infinity && !bound.anyMayEnter(count, top.bar)) break;
      for (const entry of byCount[count] ?? []) offer(entry, count);
    }
  } else {
    // the budget cuts the read, and counting would cost a pass: a label met first in a query
    // word's postings may match that word and those read after it (the postings of those read
    // before were all read), and then no more than its words are alike to (`offer`); it is
    // looked at once
    let budget = RECONCILE_MOST_POSTINGS;
    for (let s = 0; s < streams.length && budget > 0; s++) {
      const matchable = streams.length - s;
      // the fewest query words a label first met here must be alike to for the page to take it,
      // asked again as the page's bar falls
      let least = 1;
      let barAsked = NaN;
      const askLeast = (): void => {
        barAsked = top.bar;
        while (least <= matchable && top.bar < Infinity && !bound.anyMayEnter(least, top.bar)) least++;
      };
      askLeast();
      // none can enter: nor can any met later, which may match fewer
      if (least > matchable) break;
      // a label first met here holds alike words of this query word and of those read later
      // only: they are looked up in the later words' postings (ascending, as these are), and
      // the labels holding too few passed by, their own words not read
      const later = new PostingCursors(streams.slice(s + 1).map(({ list }) => list.map((w) => index.postingsOf(w))));
      for (const w of (streams[s] as AlikeWords).list) {
        const postings = index.postingsOf(w);
        later.restart();
        for (let p = 0; p < postings.length && budget > 0 && least <= matchable;) {
          const entry = postings[p] as number;
          if (least > 1) {
            // a label must hold alike words of `least - 1` later query words: the postings
            // before the first label that as many may hold are passed over at once, each
            // counted against the budget as if read
            const next = later.next(entry, least - 1);
            if (next > entry) {
              const passed = Math.min(firstAtLeast(postings, p, postings.length, next) - p, budget);
              p += passed;
              budget -= passed;
              continue;
            }
          }
          const held = 1 + later.count(entry, matchable - 1);
          // a label is looked at once: at its first meeting its bound is the loosest it gets. One
          // whose bound cannot enter the page now is passed by unmarked: met again, it may
          // match no more query words, and the page's bar is no higher
          if (
            held >= least &&
            bound.mayEnter(entry, held, column[index.languageOf(entry)] === 1, top.bar) &&
            scan.meetLabel(entry, accepts)
          ) {
            // its bound, from the query words it holds exactly, was asked above
            offer(entry, undefined);
            if (top.bar !== barAsked) askLeast();
          }
          p++;
          budget--;
        }
        // none can enter: nor can any met later, which may match fewer
        if (least > matchable) break;
      }
    }
    scan.forgetCounts();
  }
}

/**
 * How many query words a label's words are alike to, from its word numbers alone (a bit a
 * query word, for each dictionary word in `alike`): at least as many as the words its score
 * pairs. Undefined for a query of more words than the bits of a number hold.
 */
function coveredWords(scan: IndexScan, alike: readonly AlikeWords[]): ((entry: number) => number) | undefined {
  if (alike.length > 30) return undefined;
  const masks = scan.wordMasks(alike);
  const index = scan.index;
  return (entry) => {
    let mask = index.wordMask(entry, masks);
    let count = 0;
    for (; mask !== 0; mask &= mask - 1) count++;
    return count;
  };
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
