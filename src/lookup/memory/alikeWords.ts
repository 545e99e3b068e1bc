import type { ReconcileQuery } from '../../domain/reconciliation.js';
import { primaryLanguage } from '../../domain/speaks.js';
import type { LabelIndex } from '../../index/LabelIndex.js';
import { languageBit } from '../../index/LabelIndexData.js';
import type { AlikeWords, IndexScan } from './IndexScan.js';

/**
 * Per query word, the dictionary words alike to it (equal, same stem, one typo), and how many
 * postings they have: kept by the thread's scan for the next name that holds the word.
 */
export function alikeWords(scan: IndexScan, query: ReconcileQuery, languages: readonly string[]): AlikeWords[] {
  const index = scan.index;
  const spokenBy = wordLanguages(index);
  const asked = languages.join(' ');
  return query.words.map((queryWord, i) =>
    scan.alikeWords(`${asked}\u0000${queryWord}`, () => {
      const found = new Set<number>();
      const { starts, typo } = query.wordLookups(i, languages);
      // a word that starts as the query word's stem does in some languages may share it in those
      // alone (a word alike in another is under that language's start, or a spelling, or a
      // typo), and only where labels in them hold it: it is stemmed in those languages alone
      for (const start of starts) {
        const [low, high] = index.wordRange(start.folded, start.prefix);
        const spoken = spokenBy(start.languages ?? languages);
        for (let w = low; w < high; w++) if (!found.has(w) && query.mayMatchWord(i, index.word(w), spoken(w))) found.add(w);
      }
      if (typo !== undefined) {
        // a typo is alike in every language: no language's rules need asking. A test on the
        // word's bytes first: most words that share a start or an end with the query word
        // differ from it by more than one typo
        const bytes = Buffer.from(queryWord);
        const mayBeTypo = (w: number): boolean => index.mayBeOneTypoOf(w, bytes) && !found.has(w) && query.isTypo(i, index.word(w));
        for (const [k, prefix] of typo.prefixes.entries()) {
          if (k > 0 && prefix === typo.prefixes[0]) continue;
          const [low, high] = index.wordRange(prefix, true);
          for (let w = low; w < high; w++) if (mayBeTypo(w)) found.add(w);
        }
        // a word with one typo has a letter more or less at most
        const letters = [...queryWord].length;
        for (const w of index.wordsEnding(typo.suffix, letters - 1, letters + 1)) if (mayBeTypo(w)) found.add(w);
      }
      const list = [...found];
      return {
        list,
        postings: list.reduce((sum, w) => {
          const [from, to] = index.postingRange(w, w + 1);
          return sum + to - from;
        }, 0),
      };
    }),
  );
}

/**
 * For a list of language tags, those of them that the labels holding a word speak (by the
 * language its stems are made in: `en` for `en-GB`): a word shares a stem with a query word
 * only in those. Where none is, `['']`: no language, in which only an equal word or a typo is
 * alike. Lists made once for each set of languages a word's labels have.
 */
function wordLanguages(index: LabelIndex): (tags: readonly string[]) => (word: number) => readonly string[] {
  const primaries = index.languages.map(primaryLanguage);
  return (tags) => {
    // per tag, the bits of the index's languages that stem as it does
    const bits = tags.map((tag) => {
      const primary = primaryLanguage(tag);
      let mask = 0;
      primaries.forEach((own, n) => {
        if (tag !== '' && own === primary) mask = (mask | languageBit(n)) >>> 0;
      });
      return mask;
    });
    const lists = new Map<number, readonly string[]>();
    return (word) => {
      const spoken = index.wordLanguages(word);
      let list = lists.get(spoken);
      if (list === undefined) {
        const kept = tags.filter((_, k) => (spoken & (bits[k] as number)) >>> 0 !== 0);
        lists.set(spoken, (list = kept.length > 0 ? kept : ['']));
      }
      return list;
    };
  };
}
