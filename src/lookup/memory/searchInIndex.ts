import { matchKey, type RankQuery } from '../../domain/ranking.js';
import { ENTRY_SPAN, type IndexFilter, type IndexPage, type IndexScan } from './IndexScan.js';
import { planRarest, planSearch } from './planSearch.js';
import { SearchReading } from './SearchReading.js';

/**
 * /search on the label index: the page's concept URIs, best first: labels that `query`
 * matches (`RankQuery.match` decides how, `matchKey` ranks), and notations equal to `q`
 * (which rank before every label of tier 1 that speaks the display language and needed no
 * stem). Candidates are tested on bytes for the query's words before the rules are applied.
 *
 * Top-k, without ranking every label that holds a common word:
 * 1. Tiers 1 and 2: the labels whose text is, or starts with, a word that may match the
 *    query's first word (or its first after an article), alone or after an article (a filing
 *    form), each a range of the labels' text order: first those that are the word alone,
 *    then those that go on.
 * 2. The rest: the postings of the query's rarest word.
 * Each stream is read in four parts, each in entry order: speaking the display language from
 * words equal to the query's, then from words sharing a stem (only in the languages where
 * they do), then not speaking, likewise. Entries are numbered in their order within a key,
 * so a part's entries come best first, and once `offset + limit` concepts have a key that no
 * label unread can beat, the page is certain and the reading stops. A page of a word that a
 * third of the labels hold reads a few dozen of them where the display language speaks
 * them; where it speaks none of them, more parts are read, whole where they need stems.
 * The answer is the one that ranking every label gives (`test/lookup/searchInIndex.test.ts`
 * compares them).
 */
export function searchInIndex(
  scan: IndexScan,
  query: RankQuery,
  q: string,
  filter: IndexFilter,
  display: string,
  page: IndexPage,
  /** SearchReading's: tests ask for it, so that small vocabularies are read as large ones are. */
  asLarge?: boolean,
): string[] {
  const accepts = scan.acceptor(filter);
  if (accepts === undefined) return [];
  const speaking = scan.languageMask(display);
  scan.startOffers();
  // notations first: what the labels' reading counts as certain is its own, and offers keep the best key whatever their order
  offerNotations(scan, q, filter);
  if (query.words.length > 0) {
    const plan = planSearch(scan, query, filter.lang);
    const reading = new SearchReading(scan, query, accepts, speaking, page.offset + page.limit, asLarge);
    if (reading.firstWordTiers(plan)) reading.rarestWordPostings(planRarest(scan, query, plan));
  }
  return scan.index.uris(scan.takeBest(page.limit, page.offset).map(({ concept }) => concept));
}

/** Offers the concepts whose notation is `q` (in the filter's scheme), ranked before every label of tier 1 that speaks the display language and needed no stem. */
function offerNotations(scan: IndexScan, q: string, filter: IndexFilter): void {
  const index = scan.index;
  const scheme = filter.scheme === undefined ? undefined : index.schemeNumber(filter.scheme);
  for (const concept of index.notationConcepts(q)) {
    if (scheme === undefined || index.inScheme(concept, scheme))
      scan.offer(concept, matchKey({ tier: 1, stemmed: false }, true) * ENTRY_SPAN);
  }
}
