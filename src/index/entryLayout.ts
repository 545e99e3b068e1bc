import { chooseLabel } from '../domain/chooseLabel.js';
import { hasFilingForm, isArticleAnywhere } from '../domain/filingForm.js';
import { withinTierKey } from '../domain/ranking.js';
import type { GatheredLists } from './GatheredLists.js';
import { Growable, TextList, picked, reorderText } from './Growable.js';
import { DISPLAY } from './LabelIndexData.js';
import { identity } from './groupBy.js';
import { radixOrder } from './radixOrder.js';
import { sharedArray } from './sharedArrays.js';
import { sortByBytes } from './sortByBytes.js';
import { sortByWords, wordCount, type FoldedTexts } from './FoldedTexts.js';
import { VarintCursor } from './varint.js';
import type { TokenText } from './TokenText.js';

// The matchable labels' step of the layout (LabelLayout.ts): their order within a tier, the
// tie-break order of concepts it uses, and the order of their filing forms.

/** A key after every `withinTierKey` (which stays below 2^47): the labels of resources that are no concept. */
const LAST_KEY = 2 ** 47;

/**
 * The matchable labels numbered in the order in which they rank within a tier
 * (`entryOrder`), as the index keeps them. Each of the builder's lists is taken in the
 * call that copies it, and so goes once its copy is made: the step holds the labels read
 * and one list's copy, not both whole; the folded texts are read where they are (`FoldedTexts`).
 */
export function entries(
  g: GatheredLists,
  rank: Int32Array,
  standing: Uint8Array,
  tie: Uint32Array,
  collect: () => void,
): { concept: Uint32Array; language: Uint16Array; length: Uint32Array; words: Uint8Array; texts: FoldedTexts } {
  const order = entryOrder(g, rank, standing, tie);
  collect(); // the sort's keys
  const texts = inEntryOrder(g, order);
  g.entryAlt.take();
  return {
    concept: picked(Uint32Array, g.entryConcept.take(), order, (resource) => rank[resource] as number),
    language: picked(Uint16Array, g.entryLanguage.take(), order),
    length: picked(Uint32Array, g.entryLength.take(), order),
    words: wordCounts(texts),
    texts,
  };
}

/**
 * The folded texts gathered, copied into entry order: the steps after read them entry by entry
 * (several passes over twenty million labels), which in the order they were read cost a cache
 * miss a label. The texts as gathered go when this returns.
 */
function inEntryOrder(g: GatheredLists, order: Uint32Array): FoldedTexts {
  const gathered = g.entryText.take();
  const { text, offsets } = reorderText(gathered.codes, gathered.offsets, order);
  return { tokens: gathered.tokens, counts: gathered.counts, codes: text, offsets, of: identity(order.length) };
}

/** Per entry, how many words its folded text has (at most 255: more only loosens a bound). */
function wordCounts(texts: FoldedTexts): Uint8Array {
  const counts = sharedArray(Uint8Array, texts.of.length);
  for (let entry = 0; entry < counts.length; entry++) counts[entry] = wordCount(texts, texts.of[entry] as number);
  return counts;
}

/**
 * The entries kept, in the order in which they rank within a tier (`withinTierKey`:
 * prefLabels before alt and hidden labels, then the concept's standing, then shorter
 * first, then the concept's tie rank, its prefLabel in the default language and then its
 * URI). Duplicates (same concept, kind, language and folded text) are dropped.
 */
function entryOrder(g: GatheredLists, rank: Int32Array, standing: Uint8Array, tie: Uint32Array): Uint32Array {
  const count = g.entryConcept.length;
  const subject = g.entryConcept.raw;
  const alt = g.entryAlt.raw;
  const length = g.entryLength.raw;
  const language = g.entryLanguage.raw;
  const { codes, offsets } = g.entryText.view;
  const bytes = Buffer.from(codes.buffer, codes.byteOffset, codes.byteLength);
  // the labels of concepts first, in their order within a tier; those of other resources last, then cut
  const keys = new Float64Array(count);
  let mine = 0;
  for (let i = 0; i < count; i++) {
    const c = rank[subject[i] as number] as number;
    if (c < 0) keys[i] = LAST_KEY;
    else {
      keys[i] = withinTierKey(alt[i] === 0, standing[c] as number, length[i] as number, tie[c] as number);
      mine++;
    }
  }
  const order = radixOrder(keys).subarray(0, mine);
  const conceptOf = (entry: number): number => rank[subject[entry] as number] as number;
  const same = (a: number, b: number): boolean =>
    language[a] === language[b] && bytes.compare(bytes, offsets[a], offsets[a + 1], offsets[b], offsets[b + 1]) === 0;
  const kept = new Growable(Uint32Array, Math.max(1, order.length));
  for (let i = 0; i < order.length; i++) {
    const entry = order[i] as number;
    let duplicate = false;
    // equal entries sort next to each other, within a run of the same kind, length and concept
    for (let j = i - 1; j >= 0 && !duplicate; j--) {
      const other = order[j] as number;
      if (alt[other] !== alt[entry] || length[other] !== length[entry] || conceptOf(other) !== conceptOf(entry)) break;
      duplicate = same(entry, other);
    }
    if (!duplicate) kept.push(entry);
  }
  return kept.take();
}

/** Each concept's place in the tie-break order: its prefLabel chosen for the default language, then its URI (its number). */
export function ties(
  conceptCount: number,
  displayOffsets: Uint32Array,
  displayKind: Uint8Array,
  displayLanguage: Uint16Array,
  displayText: TokenText,
  languages: readonly string[],
  defaultLang: string,
): Uint32Array {
  const labels = new TextList();
  for (let c = 0; c < conceptCount; c++) {
    const pref = [];
    for (let i = displayOffsets[c] as number; i < (displayOffsets[c + 1] as number); i++) {
      if (displayKind[i] === DISPLAY.prefLabel)
        pref.push({
          value: displayText.text(i),
          language: languages[displayLanguage[i] as number] as string,
        });
    }
    labels.push(chooseLabel(pref, defaultLang) ?? '');
  }
  const { text, offsets } = labels.take();
  const order = identity(conceptCount);
  // equal prefLabels: by URI, which is the concept number
  sortByBytes(text, offsets, order);
  const tie = new Uint32Array(conceptCount);
  order.forEach((concept, position) => (tie[concept] = position));
  return tie;
}

/**
 * The entries in byte order of their folded texts (`place`: `wordPlaces`), equal texts in
 * entry order: the labels starting with a text are a range of it, and those equal to it rank
 * within it as within a tier.
 */
export function textOrder(texts: FoldedTexts, place: Uint32Array): Uint32Array {
  const order = identity(texts.of.length);
  sortByWords(texts, place, order, texts.of);
  return order;
}

/** The entries that have a filing form (filingForm.ts), in byte order of it (the text after the first word), equal forms in entry order. */
export function filingOrder(
  entries: { language: Uint16Array; texts: FoldedTexts },
  languages: readonly string[],
  place: Uint32Array,
): Uint32Array {
  const { texts } = entries;
  const { codes, offsets, of } = texts;
  const words = Buffer.from(texts.tokens.text.buffer, texts.tokens.text.byteOffset, texts.tokens.text.byteLength);
  const wordCount = texts.tokens.offsets.length - 1;
  const filing = new Growable(Uint32Array);
  const starts = new Uint32Array(offsets.length - 1); // by text number: where its words after the first start
  const cursor = new VarintCursor();
  // a label's first word is asked once, not once a label (twenty million labels, a million
  // words): whether it is an article in any language (0 not asked yet, 1 it is, 2 not), and
  // for the few that are, in which
  const anywhere = new Uint8Array(wordCount);
  const inLanguage = new Map<number, boolean>();
  const isArticleIn = (language: number, word: number): boolean => {
    if (anywhere[word] === 0) anywhere[word] = isArticleAnywhere(wordText(word)) ? 1 : 2;
    if (anywhere[word] === 2) return false;
    const key = word * 65_536 + language;
    let is = inLanguage.get(key);
    if (is === undefined) inLanguage.set(key, (is = hasFilingForm([wordText(word), ''], languages[language] as string)));
    return is;
  };
  const wordText = (word: number): string => words.toString('utf8', texts.tokens.offsets[word], texts.tokens.offsets[word + 1]);
  for (let entry = 0; entry < of.length; entry++) {
    const item = of[entry] as number;
    const end = offsets[item + 1] as number;
    cursor.at = offsets[item] as number;
    const word = cursor.read(codes, end) - 1;
    if (cursor.at >= end || word < 0 || word >= wordCount) continue; // one word, or none
    if (!isArticleIn(entries.language[entry] as number, word)) continue;
    filing.push(entry);
    starts[item] = cursor.at;
  }
  const order = filing.take();
  sortByWords(texts, place, order, of, starts);
  const kept = sharedArray(Uint32Array, order.length);
  kept.set(order);
  return kept;
}

/** Entries by language, largest first. */
export function countByLanguage(entryLanguage: Uint16Array, languages: readonly string[]): Array<[string, number]> {
  const counts = new Uint32Array(languages.length);
  for (const language of entryLanguage) counts[language] = (counts[language] as number) + 1;
  return languages
    .map((tag, i): [string, number] => [tag, counts[i] as number])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}
