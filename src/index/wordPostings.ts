import { Growable, TextList, reorderText } from './Growable.js';
import { identity } from './groupBy.js';
import { sharedArray } from './sharedArrays.js';
import { sortByBytes } from './sortByBytes.js';

/** The words of the entries' folded texts, where each entry holds them, and each entry's text as codes. */
export interface WordPostings {
  /** The distinct words, sorted by bytes: a word prefix is a range of words, and so a range of postings. */
  text: Uint8Array;
  offsets: Uint32Array;
  /** Per word, a range of `postings`: the entries that hold it, ascending. */
  postingOffsets: Uint32Array;
  postings: Uint32Array;
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
 * The distinct words of the entries' folded texts (split at spaces), each with the entries
 * that hold it, and each entry's text as codes (`WordPostings`), in two passes over the text:
 * the first numbers the words and counts the entries holding each, the second writes each
 * posting in its place and each entry's codes. So nothing is held per occurrence but what is
 * kept: a classification's 80 million words would otherwise be lists of gigabytes, the
 * build's peak.
 */
export function wordPostings(text: Uint8Array, offsets: Uint32Array): WordPostings {
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  const ids = new Map<string, number>(); // latin1 keys: one character per byte
  const list = new TextList();
  const held = new Growable(Uint32Array); // per word (as first met), how many entries hold it
  const entryCount = offsets.length - 1;
  const inEntry: number[] = []; // the words of the entry at hand, as first met
  /** Hands each word of `entry` (its number as first met) to `take`, with whether the entry held it before. */
  const eachWord = (entry: number, take: (id: number, again: boolean) => void): void => {
    const end = offsets[entry + 1] as number;
    inEntry.length = 0;
    for (let from = offsets[entry] as number; from < end;) {
      let to = bytes.indexOf(0x20, from);
      if (to < 0 || to > end) to = end;
      if (to > from) {
        const key = bytes.toString('latin1', from, to);
        let id = ids.get(key);
        if (id === undefined) {
          id = list.count;
          ids.set(key, id);
          list.push(bytes.toString('utf8', from, to));
          held.push(0);
        }
        const again = inEntry.includes(id);
        if (!again) inEntry.push(id);
        take(id, again);
      }
      from = to + 1;
    }
  };
  for (let entry = 0; entry < entryCount; entry++)
    eachWord(entry, (id, again) => {
      if (!again) held.raw[id] = (held.raw[id] as number) + 1;
    });

  // the words in byte order, their postings' places, and their codes by how common they are
  const words = list.take();
  const wordCount = words.offsets.length - 1;
  const counts = held.take();
  const wordOrder = identity(wordCount);
  sortByBytes(words.text, words.offsets, wordOrder);
  const wordRank = new Uint32Array(wordCount);
  wordOrder.forEach((old, position) => (wordRank[old] = position));
  const postingOffsets = sharedArray(Uint32Array, wordCount + 1);
  for (let position = 0; position < wordCount; position++)
    postingOffsets[position + 1] = (postingOffsets[position] as number) + (counts[wordOrder[position] as number] as number);
  const byCount = identity(wordCount);
  byCount.sort((a, b) => (counts[b] as number) - (counts[a] as number) || a - b);
  const codeOf = new Uint32Array(wordCount); // by number as first met
  byCount.forEach((old, code) => (codeOf[old] = code));
  const wordOfCode = sharedArray(Uint32Array, wordCount);
  byCount.forEach((old, code) => (wordOfCode[code] = wordRank[old] as number));

  const postings = sharedArray(Uint32Array, postingOffsets[wordCount] as number);
  const next = postingOffsets.slice(0, wordCount); // where each word's next posting goes
  const codes = new Growable(Uint8Array, Math.max(1, entryCount * 4));
  const codeOffsets = sharedArray(Uint32Array, entryCount + 1);
  for (let entry = 0; entry < entryCount; entry++) {
    codeOffsets[entry] = codes.length;
    eachWord(entry, (id, again) => {
      for (let rest = codeOf[id] as number; ; rest >>>= 7) {
        if (rest < 0x80) {
          codes.push(rest);
          break;
        }
        codes.push((rest & 0x7f) | 0x80);
      }
      if (!again) {
        const word = wordRank[id] as number;
        postings[next[word] as number] = entry;
        next[word] = (next[word] as number) + 1;
      }
    });
  }
  codeOffsets[entryCount] = codes.length;
  ids.clear();
  const written = codes.take();
  const kept = sharedArray(Uint8Array, written.length);
  kept.set(written);
  const sorted = reorderText(words.text, words.offsets, wordOrder);
  return {
    text: sorted.text,
    offsets: sorted.offsets,
    postingOffsets,
    postings,
    entryWords: { codes: kept, offsets: codeOffsets },
    wordOfCode,
  };
}
