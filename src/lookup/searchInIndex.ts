import { candidateWords, type CandidateWord } from '../domain/matchPatterns.js';
import { matchKey, type RankQuery } from '../domain/ranking.js';
import { ENTRY_SPAN, type IndexFilter, type IndexPage, type IndexScan } from './IndexScan.js';

/**
 * /search on the label index: the page's concept URIs, best first: labels that `query`
 * matches (`RankQuery.match` decides how, `matchKey` ranks), and notations equal to `q`
 * (which rank before every label of tier 1 that speaks the display language and needed no
 * stem). Candidates are the labels holding an alternative of the query's rarest word, each
 * tested on bytes for the other words before the rules are applied.
 */
export function searchInIndex(
  scan: IndexScan,
  query: RankQuery,
  q: string,
  filter: IndexFilter,
  display: string,
  page: IndexPage,
): string[] {
  const index = scan.index;
  const accepts = scan.acceptor(filter);
  if (accepts === undefined) return [];
  const speaking = scan.languageMask(display);
  scan.startOffers();
  if (query.words.length > 0) {
    const languages = filter.lang === undefined ? index.languages : [filter.lang, ''];
    const candidates = candidateWords(query, languages);
    const rarest = scan.rarest(candidates);
    const others = scan.otherWords(candidates, rarest);
    const queryWord = rarest + query.words.length - candidates.length; // a leading article is no candidate word
    // an entry may come more than once (two of its words in the ranges): its key is the same
    for (const alternative of candidates[rarest] as CandidateWord) {
      const [low, high] = index.wordRange(alternative.folded, alternative.prefix);
      for (let w = low; w < high; w++) {
        // each word of the range once: most of a stem's range shares no stem with the query word
        // a stem's start is checked in its own languages only (a word equal to a spelling, or
        // started by an open one, is so in any language): stemming each word of a short
        // start's range in every language took hundreds of ms
        if (!query.mayMatchWord(queryWord, index.word(w), alternative.languages ?? languages)) continue;
        const [from, to] = index.postingRange(w, w + 1);
        for (let p = from; p < to; p++) {
          const entry = index.posting(p);
          if (!accepts(entry) || !index.holdsAll(entry, others)) continue;
          const language = index.languageOf(entry);
          const match = query.match(index.wordsOf(entry), index.languages[language] as string);
          if (match !== undefined) scan.offer(index.conceptOf(entry), matchKey(match, speaking[language] === 1) * ENTRY_SPAN + entry + 1);
        }
      }
    }
  }
  const scheme = filter.scheme === undefined ? undefined : index.schemeNumber(filter.scheme);
  for (const concept of index.notationConcepts(q)) {
    if (scheme === undefined || index.inScheme(concept, scheme))
      scan.offer(concept, matchKey({ tier: 1, stemmed: false }, true) * ENTRY_SPAN);
  }
  return index.uris(scan.takeBest(page.limit, page.offset).map(({ concept }) => concept));
}
