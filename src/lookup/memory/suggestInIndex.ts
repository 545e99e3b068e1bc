import { candidateWords, type CandidateWord } from '../../domain/matchPatterns.js';
import type { RankQuery } from '../../domain/ranking.js';
import type { IndexFilter, IndexPage, IndexScan, OtherWords } from './IndexScan.js';
import { filtered, merged } from './streams.js';

/**
 * /suggest on the label index: the page's concept URIs, best first, by `domain/ranking.ts`.
 * `display` is the display language (`lang`, or the default language).
 *
 * The page is read off the front: tier by tier, the labels that speak the display language and
 * then the others, each a union of ranges of the index read best first, lazily (entries are
 * numbered in their order within a tier): a one-letter prefix costs about as much as a long
 * one. `RankQuery.match` decides each label's tier. `lang` and `scheme` are checked on each
 * entry so read: a filter that keeps a fraction f of the labels reads about 1/f times as many
 * entries for a page.
 */
export function suggestInIndex(scan: IndexScan, query: RankQuery, filter: IndexFilter, display: string, page: IndexPage): string[] {
  if (query.words.length === 0) return [];
  const index = scan.index;
  const accepts = scan.acceptor(filter);
  if (accepts === undefined) return [];
  const speaking = scan.languageMask(display);
  const want = page.offset + page.limit;
  const found: number[] = [];
  const stamp = scan.nextStamp();
  const starts = index.startRanges(new Set(query.forms().flatMap(({ texts }) => texts)));
  let wordTier: { ranges: [number, number][]; others: OtherWords } | undefined;
  const tiers: Array<() => Iterable<number>> = [
    () => merged(starts.map(({ order, low, equalHigh }) => order.ascending(low, equalHigh))),
    () => merged(starts.map(({ order, low, high }) => order.ascending(low, high))),
    // tier 3, looked up only when the first two leave the page short (once for both passes)
    () => {
      if (wordTier === undefined) {
        const candidates = candidateWords(query, index.languages);
        const rarest = scan.rarest(candidates);
        wordTier = { ranges: scan.postingRanges(candidates[rarest] as CandidateWord), others: scan.otherWords(candidates, rarest) };
      }
      const { ranges, others } = wordTier;
      return filtered(merged(ranges.map(([from, to]) => index.postingsAscending(from, to))), (entry) => index.holdsAll(entry, others));
    },
  ];
  // with `lang`, every label matching may have speaks the display language: one pass a tier
  const passes = filter.lang === undefined ? [true, false] : [true];
  for (let tier = 1; tier <= tiers.length; tier++) {
    for (const speaks of passes) {
      for (const entry of (tiers[tier - 1] as () => Iterable<number>)()) {
        const concept = index.conceptOf(entry);
        const language = index.languageOf(entry);
        if (scan.isSeen(concept, stamp) || (speaking[language] === 1) !== speaks || !accepts(entry)) continue;
        if (query.match(index.wordsOf(entry), index.languages[language] as string)?.tier !== tier) continue;
        scan.markSeen(concept, stamp);
        found.push(concept);
        if (found.length >= want) return index.uris(found.slice(page.offset));
      }
    }
  }
  return index.uris(found.slice(page.offset));
}
