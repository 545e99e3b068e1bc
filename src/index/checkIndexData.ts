import { DISPLAY, type LabelIndexArrays, type LabelIndexData } from './LabelIndexData.js';
import { INLINE } from './TokenList.js';
import { VarintCursor } from './varint.js';

/** Each array of the index and the type it must have: a snapshot's layout names its arrays, and any other name or type is damage. */
export const ARRAY_TYPES: {
  readonly [name in keyof LabelIndexArrays]: Uint8ArrayConstructor | Uint16ArrayConstructor | Uint32ArrayConstructor;
} = {
  conceptText: Uint8Array,
  conceptOffsets: Uint32Array,
  conceptSchemeOffsets: Uint32Array,
  conceptSchemes: Uint32Array,
  displayOffsets: Uint32Array,
  displayKind: Uint8Array,
  displayLanguage: Uint16Array,
  displayText: Uint8Array,
  displayTextOffsets: Uint32Array,
  displayTokenText: Uint8Array,
  displayTokenOffsets: Uint32Array,
  entryConcept: Uint32Array,
  entryLanguage: Uint16Array,
  entryLength: Uint32Array,
  entryWords: Uint8Array,
  entryWordCodes: Uint8Array,
  entryWordOffsets: Uint32Array,
  wordOfCode: Uint32Array,
  textOrder: Uint32Array,
  filingOrder: Uint32Array,
  wordText: Uint8Array,
  wordOffsets: Uint32Array,
  wordLanguages: Uint32Array,
  postingOffsets: Uint32Array,
  postings: Uint32Array,
  notationText: Uint8Array,
  notationOffsets: Uint32Array,
  notationConcept: Uint32Array,
  conceptNotationOffsets: Uint32Array,
  conceptNotations: Uint32Array,
  otherText: Uint8Array,
  otherOffsets: Uint32Array,
  relatedOffsets: Uint32Array,
  related: Uint32Array,
  broaderOffsets: Uint32Array,
  broader: Uint32Array,
  schemeResource: Uint32Array,
  schemeFlags: Uint8Array,
  schemeTopOffsets: Uint32Array,
  schemeTops: Uint32Array,
  narrowerOffsets: Uint32Array,
  narrower: Uint32Array,
  otherFlags: Uint8Array,
  schemeConcepts: Uint32Array,
  schemeLanguageOffsets: Uint32Array,
  schemeLanguages: Uint16Array,
};

/** What is wrong with an index's data, thrown by the checks below and caught by `checkIndexData`. */
class Damage extends Error {}

/**
 * Whether `data` is an index the lookups can read: every array present with its type, every
 * offset list starting at 0, never falling and ending at the end of the array it points into,
 * every number that indexes a list below that list's length, every code decoding to a word or
 * a token, and every list that is searched by halving in the order the search expects (words,
 * IRIs, notations, both label orders, postings, a scheme's languages). Returns the first fault
 * found, or undefined. One pass over each array: a second or two at two million concepts, run
 * on the layout thread when a snapshot is read.
 *
 * What it cannot tell is a label or an IRI changed into another that is just as well formed:
 * a snapshot so edited is an index of another vocabulary, and only the checksum (against
 * accidental damage) and the file's permissions (against someone who may write it) stand in
 * its way.
 */
export function checkIndexData(data: LabelIndexData): string | undefined {
  try {
    check(data);
    return undefined;
  } catch (error) {
    if (error instanceof Damage) return error.message;
    throw error;
  }
}

function check(data: LabelIndexData): void {
  if (!Array.isArray(data.languages) || !data.languages.every((tag) => typeof tag === 'string'))
    throw new Damage('its languages are not a list of tags');
  if (!Array.isArray(data.schemes) || !data.schemes.every((scheme) => typeof scheme === 'string'))
    throw new Damage('its schemes are not a list of IRIs');
  if (new Set(data.schemes).size !== data.schemes.length) throw new Damage('a scheme is listed twice');
  const a = data.arrays;
  for (const [name, Type] of Object.entries(ARRAY_TYPES)) {
    const array = (a as unknown as Record<string, unknown>)[name];
    // by its tag, not `instanceof`: arrays posted from a thread may come from another realm's constructors
    if (!ArrayBuffer.isView(array) || Object.prototype.toString.call(array) !== `[object ${Type.name}]`)
      throw new Damage(`the array ${name} is missing or not a ${Type.name}`);
  }
  const L = data.languages.length;
  const K = data.schemes.length;
  const C = offsets(a, 'conceptOffsets', a.conceptText.length);
  const O = offsets(a, 'otherOffsets', a.otherText.length);
  const S = C + O;
  const E = a.entryConcept.length;
  const W = offsets(a, 'wordOffsets', a.wordText.length);
  const N = offsets(a, 'notationOffsets', a.notationText.length);
  const D = a.displayKind.length;
  const T = offsets(a, 'displayTokenOffsets', a.displayTokenText.length);

  sortedTexts(a.conceptText, a.conceptOffsets, true, 'concept IRIs');
  sortedTexts(a.otherText, a.otherOffsets, true, 'IRIs of other resources');
  sortedTexts(a.wordText, a.wordOffsets, true, 'words');
  sortedTexts(a.notationText, a.notationOffsets, false, 'notations');

  length(a, 'conceptSchemeOffsets', C + 1);
  lists(a, 'conceptSchemeOffsets', 'conceptSchemes', K, false);
  length(a, 'displayOffsets', S + 1);
  ends(a, 'displayOffsets', D);
  length(a, 'displayLanguage', D);
  length(a, 'displayTextOffsets', D + 1);
  ends(a, 'displayTextOffsets', a.displayText.length);
  below(a, 'displayKind', Object.keys(DISPLAY).length);
  below(a, 'displayLanguage', L);
  tokenCodes(a, T);

  for (const name of ['entryLanguage', 'entryLength', 'entryWords'] as const) length(a, name, E);
  below(a, 'entryConcept', C);
  below(a, 'entryLanguage', L);
  length(a, 'entryWordOffsets', E + 1);
  ends(a, 'entryWordOffsets', a.entryWordCodes.length);
  below(a, 'wordOfCode', W);
  length(a, 'wordLanguages', W);
  length(a, 'textOrder', E);
  wordCodes(a);
  labelOrder(a, 'textOrder', false);
  labelOrder(a, 'filingOrder', true);
  length(a, 'postingOffsets', W + 1);
  lists(a, 'postingOffsets', 'postings', E, true);

  length(a, 'notationConcept', N);
  below(a, 'notationConcept', C);
  length(a, 'conceptNotationOffsets', C + 1);
  lists(a, 'conceptNotationOffsets', 'conceptNotations', N, false);
  length(a, 'relatedOffsets', C + 1);
  lists(a, 'relatedOffsets', 'related', S, false);
  length(a, 'broaderOffsets', S + 1);
  lists(a, 'broaderOffsets', 'broader', S, false);
  length(a, 'narrowerOffsets', S + 1);
  lists(a, 'narrowerOffsets', 'narrower', C, false); // in browsing order, not by number
  length(a, 'otherFlags', O);

  for (const name of ['schemeResource', 'schemeFlags', 'schemeConcepts'] as const) length(a, name, K);
  below(a, 'schemeResource', S);
  below(a, 'schemeConcepts', C + 1);
  length(a, 'schemeTopOffsets', K + 1);
  lists(a, 'schemeTopOffsets', 'schemeTops', C, false); // likewise
  length(a, 'schemeLanguageOffsets', K + 1);
  lists(a, 'schemeLanguageOffsets', 'schemeLanguages', L, true);
}

type ArrayName = keyof LabelIndexArrays;

/** That `name` has `expected` items. */
function length(a: LabelIndexArrays, name: ArrayName, expected: number): void {
  if (a[name].length !== expected) throw new Damage(`the array ${name} has ${a[name].length} items where ${expected} are due`);
}

/** That every value of `name` is below `limit`. */
function below(a: LabelIndexArrays, name: ArrayName, limit: number): void {
  const values = a[name];
  for (let i = 0; i < values.length; i++)
    if ((values[i] as number) >= limit) throw new Damage(`${name}[${i}] is ${values[i]}, past the ${limit} it may number`);
}

/** That the offsets `name` start at 0, never fall and end at `end`. */
function ends(a: LabelIndexArrays, name: ArrayName, end: number): void {
  const values = a[name];
  if (values.length === 0) throw new Damage(`the offsets ${name} are empty`);
  if (values[0] !== 0) throw new Damage(`the offsets ${name} do not start at 0`);
  for (let i = 1; i < values.length; i++)
    if ((values[i] as number) < (values[i - 1] as number)) throw new Damage(`the offsets ${name} fall at ${i}`);
  if (values[values.length - 1] !== end) throw new Damage(`the offsets ${name} end at ${values[values.length - 1]}, not at ${end}`);
}

/** `ends`: how many items the offsets bound. */
function offsets(a: LabelIndexArrays, name: ArrayName, end: number): number {
  ends(a, name, end);
  return a[name].length - 1;
}

/** That the lists `offsets` makes of `items` end at its end and hold numbers below `limit`, each list ascending where `ascending`. */
function lists(a: LabelIndexArrays, offsetsName: ArrayName, itemsName: ArrayName, limit: number, ascending: boolean): void {
  const items = a[itemsName];
  ends(a, offsetsName, items.length);
  below(a, itemsName, limit);
  if (!ascending) return;
  const bounds = a[offsetsName];
  for (let list = 0; list + 1 < bounds.length; list++)
    for (let i = (bounds[list] as number) + 1; i < (bounds[list + 1] as number); i++)
      if ((items[i] as number) <= (items[i - 1] as number)) throw new Damage(`the list ${list} of ${itemsName} is not ascending`);
}

/** That the texts `offsets` makes of `text` are in byte order (each after the one before where `strict`). */
function sortedTexts(text: Uint8Array, bounds: Uint32Array, strict: boolean, what: string): void {
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  for (let i = 1; i + 1 < bounds.length; i++) {
    // item i against item i - 1 (Buffer.compare's target is the one before)
    const order = bytes.compare(bytes, bounds[i - 1], bounds[i], bounds[i], bounds[i + 1]);
    if (order < 0 || (strict && order === 0)) throw new Damage(`the ${what} are out of order at ${i}`);
  }
}

/** That every code of the texts shown names a token (or writes one in place within its text). */
function tokenCodes(a: LabelIndexArrays, tokens: number): void {
  const codes = a.displayText;
  const bounds = a.displayTextOffsets;
  const cursor = new VarintCursor();
  for (let i = 0; i + 1 < bounds.length; i++) {
    const end = bounds[i + 1] as number;
    for (cursor.at = bounds[i] as number; cursor.at < end;) {
      const code = readWhole(cursor, codes, end, 'displayText', i);
      if (code === INLINE) {
        // its length, then its bytes: the skip is from after the length (`cursor.at +=` would add to where it began)
        const length = readWhole(cursor, codes, end, 'displayText', i);
        cursor.at += length;
      } else if (code > tokens) throw new Damage(`the shown text ${i} names token ${code}, of ${tokens}`);
      if (cursor.at > end) throw new Damage(`the shown text ${i} runs past its end`);
    }
  }
}

/** A varint that ends before `end` (one cut short by it is damage). */
function readWhole(cursor: VarintCursor, codes: Uint8Array, end: number, name: string, item: number): number {
  const value = cursor.read(codes, end);
  if (((codes[cursor.at - 1] as number) & 0x80) !== 0) throw new Damage(`a code of ${name} ${item} is cut short`);
  return value;
}

/** That every label's word codes name a word, and that `entryWords` counts them (to its bound of 255). */
function wordCodes(a: LabelIndexArrays): void {
  const codes = a.entryWordCodes;
  const bounds = a.entryWordOffsets;
  const cursor = new VarintCursor();
  for (let e = 0; e + 1 < bounds.length; e++) {
    const end = bounds[e + 1] as number;
    let count = 0;
    for (cursor.at = bounds[e] as number; cursor.at < end; count++) {
      const code = readWhole(cursor, codes, end, 'entryWordCodes', e);
      if (code >= a.wordOfCode.length) throw new Damage(`the label ${e} has the word code ${code}, which names no word`);
    }
    if (Math.min(count, 255) !== a.entryWords[e]) throw new Damage(`entryWords[${e}] does not count the label's words`);
  }
}

/**
 * That a label order (`textOrder`: every label; `filingOrder`: those with a filing form, by
 * their words after the first) lists each label once, in the order of their words' numbers
 * (words are numbered in byte order, so this is the byte order of the texts), equal texts in
 * label order: the order the lookups search by halving. Run after `wordCodes`.
 */
function labelOrder(a: LabelIndexArrays, name: 'textOrder' | 'filingOrder', filing: boolean): void {
  const order = a[name];
  const bounds = a.entryWordOffsets;
  const entries = bounds.length - 1;
  const seen = new Uint8Array(entries);
  const x = new VarintCursor();
  const y = new VarintCursor();
  const word = (cursor: VarintCursor, end: number): number => a.wordOfCode[cursor.read(a.entryWordCodes, end)] as number;
  for (let p = 0; p < order.length; p++) {
    const entry = order[p] as number;
    if (entry >= entries || seen[entry] === 1) throw new Damage(`${name}[${p}] is ${entry}: no label, or one listed twice`);
    seen[entry] = 1;
    const yEnd = bounds[entry + 1] as number;
    y.at = bounds[entry] as number;
    if (filing) {
      word(y, yEnd);
      if (y.at >= yEnd) throw new Damage(`${name}[${p}] is a label of one word`);
    }
    if (p === 0) continue;
    const before = order[p - 1] as number;
    const xEnd = bounds[before + 1] as number;
    x.at = bounds[before] as number;
    if (filing) word(x, xEnd);
    let compared = 0;
    while (compared === 0) {
      if (x.at >= xEnd) {
        compared = y.at >= yEnd ? before - entry : -1;
        break;
      }
      if (y.at >= yEnd) {
        compared = 1;
        break;
      }
      compared = word(x, xEnd) - word(y, yEnd);
    }
    if (compared >= 0) throw new Damage(`${name} is out of order at ${p}`);
  }
}
