import { candidateWord, candidateWords, type CandidateWord } from '../../domain/matchPatterns.js';
import { matchKey, type RankQuery } from '../../domain/ranking.js';
import { ENTRY_SPAN, type IndexFilter, type IndexPage, type IndexScan, type OtherWords } from './IndexScan.js';
import { bySpeaking, type EntryList } from './streams.js';

/**
 * The best key a label can have outside tiers 1 and 2: tier 3, speaking the display
 * language, without stems. Every label of tiers 1 and 2 starts with (a word related to) the
 * query's first word, so those are read first.
 */
const TIER_THREE = matchKey({ tier: 3, stemmed: false }, true);
/** The best key of a label that is more than the word of a one-word query: tier 2, speaking, without stems. */
const TIER_TWO = matchKey({ tier: 2, stemmed: false }, true);
/**
 * The best key of a label found only through a word that a `*` query word starts (`bank` for
 * `b*`): tier 4, speaking. Such words are read last, and only as far as the page needs.
 */
const TIER_FOUR = matchKey({ tier: 4, stemmed: false }, true);

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
): string[] {
  const index = scan.index;
  const accepts = scan.acceptor(filter);
  if (accepts === undefined) return [];
  const speaking = scan.languageMask(display);
  scan.startOffers();
  if (query.words.length > 0) {
    const languages = filter.lang === undefined ? index.languages : [filter.lang, ''];
    const candidates = candidateWords(query, languages);
    const skipped = query.words.length - candidates.length; // a leading article is no candidate word
    const want = page.offset + page.limit;
    const counted = scan.nextStamp();
    let certain = 0;
    /** Counts a concept (once) whose key is certainly among the best. */
    const count = (concept: number): void => {
      if (scan.isSeen(concept, counted)) return;
      scan.markSeen(concept, counted);
      certain++;
    };
    /**
     * Offers an entry that holds every word of `others`, and counts its concept when its key is
     * `sure` or better; the key (matchKey), or undefined where the entry does not match.
     */
    const consider = (entry: number, others: OtherWords, sure: number): number | undefined => {
      if (!accepts(entry) || !index.holdsAll(entry, others)) return undefined;
      const language = index.languageOf(entry);
      const match = query.match(index.wordsOf(entry), index.languages[language] as string);
      if (match === undefined) return undefined;
      const key = matchKey(match, speaking[language] === 1);
      const concept = index.conceptOf(entry);
      scan.offer(concept, key * ENTRY_SPAN + entry + 1);
      if (key <= sure) count(concept);
      return key;
    };
    /**
     * The words of the index that may match query word `i`, by its alternatives, as two lists:
     * those equal to it (in any language), and the others (sharing its stem in the languages
     * given with each, or started by a `*` word). `whole`: only as a word of tiers 1 and 2 may
     * match (equal, or sharing its stem).
     */
    const matching = (i: number, word: CandidateWord, whole: boolean): [number[], Array<{ w: number; languages?: Uint8Array }>] => {
      const equal = new Set<number>();
      const other = new Map<number, Uint8Array | undefined>();
      for (const alternative of word) {
        const [low, high] = index.wordRange(alternative.folded, alternative.prefix);
        const among = alternative.languages ?? languages;
        for (let w = low; w < high; w++) {
          if (equal.has(w) || other.has(w)) continue;
          const text = index.word(w);
          // equal and prefix are so in every language (a label without a tag has no stemmer); a stem, in some
          const relation = query.relation(i, text, '');
          if (relation === 'equal') equal.add(w);
          else if (relation === 'prefix') {
            if (!whole) other.set(w, undefined);
          } else if (among.some((language) => query.relation(i, text, language) === 'stem')) other.set(w, stemLanguages(i, text));
        }
      }
      return [[...equal], [...other].filter(([w]) => !equal.has(w)).map(([w, languages]) => ({ w, languages }))];
    };
    /** The languages of the index (by number) in which `text` shares a stem with query word `i`. */
    const stemLanguages = (i: number, text: string): Uint8Array =>
      Uint8Array.from(index.languages, (language) => {
        const relation = query.relation(i, text, language);
        return relation === 'equal' || relation === 'stem' ? 1 : 0;
      });

    // the concepts read with a key worse than what was certain when they were read, and those keys
    const givenConcepts: number[] = [];
    const givenKeys: number[] = [];
    /** Reads `entries` (ascending) until the page is certain; counts at once a key of `sure` or better; whether it was read whole. */
    const read = (entries: Iterable<number>, others: OtherWords, sure: number): boolean => {
      for (const entry of entries) {
        const key = consider(entry, others, sure);
        if (key !== undefined && key > sure) {
          givenConcepts.push(index.conceptOf(entry));
          givenKeys.push(key);
        }
        if (certain >= want) return false;
      }
      return true;
    };
    /** Counts what the entries read gave up to `best` (a key that no label unread can beat). */
    const settle = (best: number): void => givenKeys.forEach((key, i) => key <= best && count(givenConcepts[i] as number));
    /**
     * Reads a stream of entries in four parts, each in entry order: those that speak the
     * display language from words equal to the query's (`equal`), then from the others
     * (`other`), then those that do not speak it, likewise. `best` is the best key the stream
     * may hold; each part's is 1 worse than the one before (a stem, then not speaking: 2 worse,
     * then both). A concept counts at once where its key is its part's best; once a part is
     * read whole, what was read counts up to the next part's best less one (`next`: the next
     * stream's best). Whether it was read whole.
     */
    const stream = (equal: EntryList[], other: EntryList[], others: OtherWords, best: number, next: number): boolean => {
      const languageOf = (entry: number): number => index.languageOf(entry);
      const [equalSpeaking, equalNot] = bySpeaking(equal, languageOf, speaking);
      const [otherSpeaking, otherNot] = bySpeaking(other, languageOf, speaking);
      const parts = [equalSpeaking, otherSpeaking, equalNot, otherNot];
      for (let part = 0; part < parts.length; part++) {
        if (!read(parts[part] as Iterable<number>, others, best < 0 ? best : best + part)) return false;
        settle(part === parts.length - 1 || best < 0 ? next - 1 : best + part);
      }
      return true;
    };

    // 1. tiers 1 and 2: the labels starting with a word that may match the first query word
    // (or with an article and it): first those that are that word alone (for a one-word query,
    // all of tier 1), then those that go on (for a one-word query, the rest of tier 2; for a
    // longer one, all of tiers 1 and 2 may be there).
    const all = scan.otherWords(candidates, -1);
    const [equalFirsts, otherFirsts] = matching(skipped, candidates[0] as CandidateWord, true);
    if (skipped === 1) {
      const [equal, other] = matching(0, candidateWord(query, 0, languages), true);
      equalFirsts.push(...equal);
      otherFirsts.push(...other);
    }
    const articles = scan.labelArticles();
    const startsOf = (w: number): string[] => [index.word(w), ...articles.map((article) => `${article} ${index.word(w)}`)];
    const alone = (w: number, languages?: Uint8Array): EntryList[] =>
      startsOf(w).map((start) => ({ entries: index.entriesEqualTo(start), languages }));
    const longer = (w: number, languages?: Uint8Array): EntryList[] =>
      startsOf(w).map((start) => ({ entries: index.entriesStartingWith(`${start} `), languages }));
    const equalWords = new Set(equalFirsts);
    const otherWords = otherFirsts.filter(({ w }) => !equalWords.has(w));
    const oneWord = query.words.length === 1;
    const streams = (lists: (w: number, languages?: Uint8Array) => EntryList[], best: number, next: number): boolean =>
      stream(
        [...equalWords].flatMap((w) => lists(w)),
        otherWords.flatMap(({ w, languages }) => lists(w, languages)),
        all,
        best,
        next,
      );
    const whole = oneWord
      ? streams(alone, 0, TIER_TWO) && streams(longer, TIER_TWO, TIER_THREE)
      : streams(alone, -1, 0) && streams(longer, 0, TIER_THREE);
    if (whole) {
      // 2. the rest: the postings of the rarest word, in entry order, until the page is certain
      const rarest = scan.rarest(candidates);
      const [equal, other] = matching(rarest + skipped, candidates[rarest] as CandidateWord, false);
      const postings = (words: ReadonlyArray<{ w: number; languages?: Uint8Array | undefined }>): EntryList[] =>
        words.map(({ w, languages }) => ({ entries: index.postingsOf(w), languages }));
      const rest = scan.otherWords(candidates, rarest);
      // a word that a `*` word only starts (no stem languages) gives tier 4 at best: after the others
      const stems = other.filter(({ languages }) => languages !== undefined);
      const started = other.filter(({ languages }) => languages === undefined);
      if (stream(postings(equal.map((w) => ({ w }))), postings(stems), rest, TIER_THREE, started.length === 0 ? Infinity : TIER_FOUR))
        stream(postings(started), [], rest, TIER_FOUR, Infinity);
    }
  }
  const scheme = filter.scheme === undefined ? undefined : index.schemeNumber(filter.scheme);
  for (const concept of index.notationConcepts(q)) {
    if (scheme === undefined || index.inScheme(concept, scheme))
      scan.offer(concept, matchKey({ tier: 1, stemmed: false }, true) * ENTRY_SPAN);
  }
  return index.uris(scan.takeBest(page.limit, page.offset).map(({ concept }) => concept));
}
