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
  const texts = [...new Set(query.forms().flatMap(({ texts }) => texts))];
  const starts = index.startRanges(new Set(texts));
  // the words a label of tiers 1 and 2 starts with: a word starting with a text's first word
  const firstWords = texts.map((text) => index.wordRange(text.split(' ')[0] as string, true));
  let wordTier: { words: [number, number][]; ranges: [number, number][]; others: OtherWords } | undefined;
  const lookUpWords = (): NonNullable<typeof wordTier> => {
    if (wordTier === undefined) {
      const candidates = candidateWords(query, index.languages);
      const rarest = scan.rarest(candidates);
      const words = scan.wordRanges(candidates[rarest] as CandidateWord);
      wordTier = { words, ranges: scan.postingsOf(words), others: scan.otherWords(candidates, rarest) };
    }
    return wordTier;
  };
  const tiers: Array<{ words: () => [number, number][]; entries: () => Iterable<number> }> = [
    { words: () => firstWords, entries: () => merged(starts.map(({ order, low, equalHigh }) => order.ascending(low, equalHigh))) },
    { words: () => firstWords, entries: () => merged(starts.map(({ order, low, high }) => order.ascending(low, high))) },
    // tier 3, looked up only when the first two leave the page short (once for both passes)
    {
      words: () => lookUpWords().words,
      entries: () => {
        const { ranges, others } = lookUpWords();
        return filtered(merged(ranges.map(([from, to]) => index.postingsAscending(from, to))), (entry) => index.holdsAll(entry, others));
      },
    },
  ];
  // A pass over labels none of which can pass is left out, told by the languages of the words
  // they hold: a Chinese character's labels with lang=en, or their pass speaking English first
  // (every such label read, none kept, where a page of them is read off the front otherwise).
  const allowed = filter.lang === undefined ? ~0 : scan.languageBits(scan.languageMask(filter.lang));
  const spoken = scan.languageBits(speaking) & allowed;
  // with `lang`, every label matching may have speaks the display language: one pass a tier
  const passes = filter.lang === undefined ? [true, false] : [true];
  for (let tier = 1; tier <= tiers.length; tier++) {
    const { words, entries } = tiers[tier - 1] as (typeof tiers)[number];
    if (!scan.wordsSpeak(words(), allowed)) continue;
    for (const speaks of passes) {
      if (speaks && !scan.wordsSpeak(words(), spoken)) continue;
      for (const entry of entries()) {
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
