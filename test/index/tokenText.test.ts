import { LabelIndex } from '../../src/index/LabelIndex.js';
import { LabelIndexBuilder } from '../../src/index/LabelIndexBuilder.js';
import { TokenList } from '../../src/index/TokenList.js';
import { TokenText, rankedTokens } from '../../src/index/TokenText.js';

// The index keeps the labels it shows as their tokens' codes (a label split at single
// spaces, each distinct token once): every label must read back exactly as written, whatever
// its spaces, its script or its length, in whatever order the layout puts the labels.

const AWKWARD = [
  'lion',
  'The lion, rampant',
  '',
  ' ',
  '  two  spaces  ',
  ' leading',
  'trailing ',
  'tab\there and\nnewline',
  'ライオン 紋章の動物',
  '獅子紋章動物獅子紋章動物獅子紋章動物獅子紋章動物獅子紋章動物', // one token longer than any numbered
  'Donaudampfschifffahrtsgesellschaftskapitän und Donaudampfschifffahrtsgesellschaftskapitän',
  '😀 emoji 😀',
  'lion',
];

/** `texts` appended to a list, then laid out in `order` (reversed by default), read back. */
function roundTrip(texts: string[], order = texts.map((_, i) => texts.length - 1 - i)): string[] {
  const list = new TokenList();
  for (const text of texts) list.push(text);
  const reader = new TokenText(rankedTokens(list.take(), order));
  return order.map((_, i) => reader.text(i));
}

test('labels read back exactly as written: spaces, scripts, long tokens and repeats', () => {
  const order = AWKWARD.map((_, i) => AWKWARD.length - 1 - i);
  expect(roundTrip(AWKWARD, order)).toEqual(order.map((i) => AWKWARD[i]));
});

test('tokens of one, two and three bytes of code read back, the commonest with the shortest', () => {
  const texts = Array.from({ length: 40_000 }, (_, i) => `common w${i.toString(36)} ${i % 3 === 0 ? 'third' : 'other'} common`);
  const list = new TokenList();
  for (const text of texts) list.push(text);
  const ranked = rankedTokens(
    list.take(),
    texts.map((_, i) => i),
  );
  const reader = new TokenText(ranked);
  texts.forEach((text, i) => expect(reader.text(i)).toBe(text));
  // 'common' twice a label: the first code, one byte
  expect(ranked.codes[ranked.offsets[0] as number]).toBe(1);
  // the last label's own token is ranked past 16,384: three bytes
  expect((ranked.offsets[texts.length] as number) - (ranked.offsets[texts.length - 1] as number)).toBe(1 + 3 + 1 + 1);
});

test('codes that name no token end the text, nothing read outside the arrays', () => {
  const list = new TokenList();
  list.push('a b c');
  const ranked = rankedTokens(list.take(), [0]);
  const forged = { ...ranked, codes: Uint8Array.from([1, 0x7f, 2, 0x80]) };
  expect(new TokenText(forged).text(0)).toBe(new TokenText(ranked).text(0).split(' ')[0]);
  const inlineTooLong = { ...ranked, codes: Uint8Array.from([0, 0x7f, 0x61, 0x62]), offsets: Uint32Array.from([0, 4]) };
  expect(new TokenText(inlineTooLong).text(0)).toBe('ab');
});

test('an index shows every label as written, through its builder and a layout', () => {
  const builder = new LabelIndexBuilder('en');
  AWKWARD.forEach((label, i) => {
    builder.typed(`http://example.org/c${i}`);
    builder.triple('prefLabel', `http://example.org/c${i}`, label, 'en', true);
    builder.triple('altLabel', `http://example.org/c${i}`, `${label} (alt)`, 'fr', true);
    builder.triple('scopeNote', `http://example.org/c${i}`, `${label}  note`, 'en', true);
  });
  const index = new LabelIndex(builder.build());
  AWKWARD.forEach((label, i) => {
    const concept = index.conceptAt(`http://example.org/c${i}`) as number;
    const shown = index.shownLabels(concept);
    expect(shown.prefLabel).toEqual([{ value: label, language: 'en' }]);
    expect(shown.altLabel).toEqual([{ value: `${label} (alt)`, language: 'fr' }]);
    expect(shown.scopeNote).toEqual([{ value: `${label}  note`, language: 'en' }]);
  });
});
