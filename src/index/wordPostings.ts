import type { FoldedTexts } from './FoldedTexts.js';
import { reorderText } from './Growable.js';
import { languageBit } from './LabelIndexData.js';
import { sharedArray } from './sharedArrays.js';
import { VarintCursor, varintLength, writeVarint } from './varint.js';

/** The words of the entries' folded texts, where each entry holds them, and each entry's text as codes. */
export interface WordPostings {
  /** The distinct words, sorted by bytes: a word prefix is a range of words, and so a range of postings. */
  text: Uint8Array;
  offsets: Uint32Array;
  /** Per word, a range of `postings`: the entries that hold it, ascending. */
  postingOffsets: Uint32Array;
  postings: Uint32Array;
  /** Per word, the languages of the entries that hold it (`LabelIndexData.wordLanguages`). */
  languages: Uint32Array;
  /**
   * Per entry, a range of `codes`: its folded text as its words' codes, which the index keeps
   * instead of the text (its bytes would be the label a second time, beside the label shown).
   * A word's code is its rank by how many entries hold it (the commonest 0), written as an
   * unsigned LEB128 varint, so that most words take one byte and nearly all the rest two;
   * `wordOfCode` maps a code to the word's number. A folded text is its words joined by single
   * spaces (foldedLabel), so the codes hold all of it.
   */
  entryWords: { codes: Uint8Array; offsets: Uint32Array };
  wordOfCode: Uint32Array;
}

/**
 * The distinct words of the entries' folded texts, each with the entries that hold it, and
 * each entry's text as codes (`WordPostings`), in two passes over the texts: the first counts
 * the entries holding each word (and its occurrences, the codes' size), the second writes each posting in its place and each entry's
 * codes. So nothing is held per occurrence but what is kept: a classification's 80 million
 * words would otherwise be lists of gigabytes, the build's peak. `place`: each word's place in
 * byte order (`wordPlaces`); `entryLanguage`: each entry's language number.
 */
export function wordPostings(texts: FoldedTexts, place: Uint32Array, entryLanguage: Uint16Array): WordPostings {
  const { codes: gathered, offsets, of } = texts;
  const wordCount = texts.tokens.offsets.length - 1;
  const entryCount = of.length;
  const cursor = new VarintCursor();
  /** Where the words of `entry` start, ready to read them (`nextWord`), and where they end. */
  const wordsEnd = (entry: number): number => {
    const item = of[entry] as number;
    cursor.at = offsets[item] as number;
    return offsets[item + 1] as number;
  };
  /** The next word's number, or -1 for a code that names none. */
  const nextWord = (end: number): number => {
    const word = cursor.read(gathered, end) - 1;
    return word < wordCount ? word : -1;
  };
  // per word, the last entry met holding it: a word twice in a label is one posting
  const lastEntry = new Int32Array(wordCount).fill(-1);
  const counts = new Uint32Array(wordCount); // per word, how many entries hold it
  const occurrences = new Uint32Array(wordCount); // and how many times it occurs in them
  const spoken = new Uint32Array(wordCount); // and in which languages
  for (let entry = 0; entry < entryCount; entry++) {
    const bit = languageBit(entryLanguage[entry] as number);
    for (const end = wordsEnd(entry); cursor.at < end;) {
      const word = nextWord(end);
      if (word < 0) continue;
      occurrences[word] = (occurrences[word] as number) + 1;
      spoken[word] = ((spoken[word] as number) | bit) >>> 0;
      if (lastEntry[word] !== entry) counts[word] = (counts[word] as number) + 1;
      lastEntry[word] = entry;
    }
  }

  const { wordOrder, kept, keptPlace, languages, postingOffsets, codeOf, wordOfCode } = wordCodes(place, counts, spoken);

  const postings = sharedArray(Uint32Array, postingOffsets[kept] as number);
  const next = postingOffsets.slice(0, kept); // where each word's next posting goes
  let size = 0;
  for (const word of wordOrder) size += (occurrences[word] as number) * varintLength(codeOf[word] as number);
  const entryCodes = sharedArray(Uint8Array, size);
  const codeOffsets = sharedArray(Uint32Array, entryCount + 1);
  let at = 0;
  lastEntry.fill(-1);
  for (let entry = 0; entry < entryCount; entry++) {
    codeOffsets[entry] = at;
    for (const end = wordsEnd(entry); cursor.at < end;) {
      const word = nextWord(end);
      if (word < 0) continue;
      at = writeVarint(entryCodes, at, codeOf[word] as number);
      if (lastEntry[word] === entry) continue;
      lastEntry[word] = entry;
      const position = keptPlace[word] as number;
      postings[next[position] as number] = entry;
      next[position] = (next[position] as number) + 1;
    }
  }
  codeOffsets[entryCount] = at;
  const sorted = reorderText(texts.tokens.text, texts.tokens.offsets, wordOrder);
  return {
    text: sorted.text,
    offsets: sorted.offsets,
    postingOffsets,
    postings,
    languages,
    entryWords: { codes: entryCodes, offsets: codeOffsets },
    wordOfCode,
  };
}

/**
 * The words some entry holds (a word of none, only in labels of resources that are no concept,
 * is left out), in byte order (`place`); their languages (`spoken`), their postings' places
 * (by `counts`), and their codes by how common they are.
 */
function wordCodes(
  place: Uint32Array,
  counts: Uint32Array,
  spoken: Uint32Array,
): {
  wordOrder: Uint32Array;
  kept: number;
  keptPlace: Uint32Array;
  languages: Uint32Array;
  postingOffsets: Uint32Array;
  codeOf: Uint32Array;
  wordOfCode: Uint32Array;
} {
  const wordCount = counts.length;
  const byPlace = new Uint32Array(wordCount);
  place.forEach((position, word) => (byPlace[position] = word));
  const wordOrder = byPlace.filter((word) => (counts[word] as number) > 0);
  const kept = wordOrder.length;
  const keptPlace = new Uint32Array(wordCount); // by number: its place among the words kept
  wordOrder.forEach((word, position) => (keptPlace[word] = position));
  const languages = sharedArray(Uint32Array, kept);
  wordOrder.forEach((word, position) => (languages[position] = spoken[word] as number));
  const postingOffsets = sharedArray(Uint32Array, kept + 1);
  for (let position = 0; position < kept; position++)
    postingOffsets[position + 1] = (postingOffsets[position] as number) + (counts[wordOrder[position] as number] as number);
  const byCount = wordOrder.slice().sort((a, b) => (counts[b] as number) - (counts[a] as number) || a - b);
  const codeOf = new Uint32Array(wordCount); // by number
  byCount.forEach((word, code) => (codeOf[word] = code));
  const wordOfCode = sharedArray(Uint32Array, kept);
  byCount.forEach((word, code) => (wordOfCode[code] = keptPlace[word] as number));
  return { wordOrder, kept, keptPlace, languages, postingOffsets, codeOf, wordOfCode };
}
