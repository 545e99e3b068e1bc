import { Growable, TextList, mapped, reorderText } from './Growable.js';
import { groupBy, identity } from './groupBy.js';
import { sortByBytes } from './sortByBytes.js';

/**
 * The distinct words of the entries' folded texts (split at spaces), sorted by bytes, and
 * for each the entries that hold it, ascending: a word prefix is a range of words, and so a
 * range of postings.
 */
export function wordPostings(
  text: Uint8Array,
  offsets: Uint32Array,
): { text: Uint8Array; offsets: Uint32Array; postingOffsets: Uint32Array; postings: Uint32Array } {
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  const ids = new Map<string, number>(); // latin1 keys: one character per byte
  const list = new TextList();
  const entryCount = offsets.length - 1;
  // at most one occurrence per word: sized up front, these are the build's largest lists
  let most = 0;
  for (let entry = 0; entry < entryCount; entry++) if ((offsets[entry + 1] as number) > (offsets[entry] as number)) most++;
  for (let at = bytes.indexOf(0x20); at >= 0; at = bytes.indexOf(0x20, at + 1)) most++;
  const occurrenceWord = new Growable(Uint32Array, Math.max(1, most));
  const occurrenceEntry = new Growable(Uint32Array, Math.max(1, most));
  for (let entry = 0; entry < entryCount; entry++) {
    const start = offsets[entry] as number;
    const end = offsets[entry + 1] as number;
    const first = occurrenceWord.length;
    for (let from = start; from <= end;) {
      let to = bytes.indexOf(0x20, from);
      if (to < 0 || to > end) to = end;
      if (to === from) {
        from = to + 1; // a label without words
        continue;
      }
      const key = bytes.toString('latin1', from, to);
      let id = ids.get(key);
      if (id === undefined) {
        id = list.count;
        ids.set(key, id);
        list.push(bytes.toString('utf8', from, to));
      }
      let again = false;
      for (let k = first; k < occurrenceWord.length && !again; k++) again = occurrenceWord.get(k) === id;
      if (!again) {
        occurrenceWord.push(id);
        occurrenceEntry.push(entry);
      }
      from = to + 1;
    }
  }
  ids.clear();
  const words = list.take();
  const wordOrder = identity(words.offsets.length - 1);
  sortByBytes(words.text, words.offsets, wordOrder);
  const wordRank = new Uint32Array(wordOrder.length);
  wordOrder.forEach((old, position) => (wordRank[old] = position));
  const sorted = reorderText(words.text, words.offsets, wordOrder);
  const grouped = groupBy(wordOrder.length, occurrenceWord.take(), wordRank);
  const entryOf = occurrenceEntry.take();
  return {
    text: sorted.text,
    offsets: sorted.offsets,
    postingOffsets: grouped.offsets,
    postings: mapped(Uint32Array, grouped.order, (i) => entryOf[i] as number),
  };
}
