import { Growable } from './Growable.js';
import { identity } from './groupBy.js';
import { sharedArray } from './sharedArrays.js';

/**
 * Each entry's folded text as its words' codes, which the index keeps instead of the text
 * (its bytes would be the label a second time, beside the label shown): a word's code is its
 * rank by how many entries hold it (the commonest 0), written as an unsigned LEB128 varint,
 * so that most words take one byte and nearly all the rest two; `wordOfCode` maps a code to
 * the word's number in the sorted words (`wordPostings`). A folded text is its words joined
 * by single spaces (foldedLabel), so the codes hold all of it.
 *
 * Made after `wordPostings`, whose lists are the build's largest, have gone: the words are
 * found again in the text (a pass over it), rather than kept from that step's pass.
 */
export function wordCodes(
  text: Uint8Array,
  offsets: Uint32Array,
  words: { text: Uint8Array; offsets: Uint32Array; postingOffsets: Uint32Array },
): { codes: Uint8Array; offsets: Uint32Array; wordOfCode: Uint32Array } {
  const wordCount = words.offsets.length - 1;
  const held = (word: number): number => (words.postingOffsets[word + 1] as number) - (words.postingOffsets[word] as number);
  const wordOfCode = identity(wordCount);
  wordOfCode.sort((a, b) => held(b) - held(a) || a - b);
  const wordBytes = Buffer.from(words.text.buffer, words.text.byteOffset, words.text.byteLength);
  const codeOf = new Map<string, number>(); // latin1 keys: one character per byte
  wordOfCode.forEach((word, code) =>
    codeOf.set(wordBytes.toString('latin1', words.offsets[word] as number, words.offsets[word + 1] as number), code),
  );

  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  const entryCount = offsets.length - 1;
  const codes = new Growable(Uint8Array, Math.max(1, Math.ceil(entryCount * 4)));
  const codeOffsets = sharedArray(Uint32Array, entryCount + 1);
  for (let entry = 0; entry < entryCount; entry++) {
    codeOffsets[entry] = codes.length;
    const end = offsets[entry + 1] as number;
    for (let from = offsets[entry] as number; from < end;) {
      let to = bytes.indexOf(0x20, from);
      if (to < 0 || to > end) to = end;
      if (to > from) {
        const code = codeOf.get(bytes.toString('latin1', from, to));
        if (code === undefined) throw new Error('a word of a label is missing from the words (wordPostings)');
        for (let rest = code; ; rest >>>= 7) {
          if (rest < 0x80) {
            codes.push(rest);
            break;
          }
          codes.push((rest & 0x7f) | 0x80);
        }
      }
      from = to + 1;
    }
  }
  codeOffsets[entryCount] = codes.length;
  const written = codes.take();
  const kept = sharedArray(Uint8Array, written.length);
  kept.set(written);
  return { codes: kept, offsets: codeOffsets, wordOfCode };
}
