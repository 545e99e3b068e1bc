import { hasFilingForm } from '../../src/domain/filingForm.js';
import { LabelIndex } from '../../src/index/LabelIndex.js';
import { LabelIndexBuilder } from '../../src/index/LabelIndexBuilder.js';

// The layout sorts the labels by their folded words' places, never by their folded bytes
// (it never writes those out): the orders must come out exactly as a byte sort of the folded
// texts would have them, words that are prefixes of others, shared first words and
// non-ASCII letters included; equal texts in entry order, as labels rank within a tier, so that
// a query may stop reading them once it has enough.

/** A small random generator, so that a failure can be run again. */
function randomOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const WORDS = ['a', 'ab', 'abc', 'b', 'ba', 'the', 'The', 'les', 'der', 'z9', '9', 'é', 'éa', 'straße', 'strasse', '中文', 'ÿ', 'zz'];

function orderedIndex(seed: number, count: number): { index: LabelIndex; folded: string[] } {
  const random = randomOf(seed);
  const builder = new LabelIndexBuilder('en');
  const languages = ['en', 'fr', 'de'];
  for (let i = 0; i < count; i++) {
    const words = Array.from({ length: 1 + Math.floor(random() * 5) }, () => WORDS[Math.floor(random() * WORDS.length)]);
    builder.typed(`http://example.org/c${i}`);
    builder.triple('prefLabel', `http://example.org/c${i}`, words.join(random() < 0.1 ? ', ' : ' '), languages[i % 3] as string, true);
  }
  const index = new LabelIndex(builder.build());
  const folded = Array.from({ length: index.stats.labels }, (_, entry) => index.wordsOf(entry).join(' '));
  return { index, folded };
}

/** -1 where the pair is in order (by bytes, then by entry number), else 1. */
function pairOrder(order: Uint32Array, i: number, bytesOf: (entry: number) => Buffer): number {
  const [x, y] = [order[i - 1] as number, order[i] as number];
  return Math.sign(Buffer.compare(bytesOf(x), bytesOf(y)) || x - y);
}

test.each([1, 2, 3])('the text order is the byte order of the folded texts, equal ones by entry (seed %i)', (seed) => {
  const { index, folded } = orderedIndex(seed, 3000);
  const order = index.data.arrays.textOrder;
  expect(new Set(order).size).toBe(folded.length);
  const bytesOf = (entry: number): Buffer => Buffer.from(folded[entry] as string);
  for (let i = 1; i < order.length; i++) expect(pairOrder(order, i, bytesOf)).toBe(-1);
  // many labels share a text here: the tie-break is tested, not only met
  expect(new Set(folded).size).toBeLessThan(folded.length * 0.9);
});

test('the filing order is the byte order of each text after its first word, equal ones by entry', () => {
  const { index, folded } = orderedIndex(4, 3000);
  const order = index.data.arrays.filingOrder;
  expect(order.length).toBeGreaterThan(100);
  const rest = (entry: number): Buffer => Buffer.from((folded[entry] as string).split(' ').slice(1).join(' '));
  for (let i = 1; i < order.length; i++) expect(pairOrder(order, i, rest)).toBe(-1);
  const filed = folded.flatMap((text, entry) =>
    hasFilingForm(text.split(' '), index.languages[index.languageOf(entry)] as string) ? [entry] : [],
  );
  expect([...order].sort((x, y) => x - y)).toEqual(filed);
});

test('a word only in the labels of resources that are no concept is not among the words', () => {
  const builder = new LabelIndexBuilder('en');
  builder.typed('http://example.org/lion');
  builder.triple('prefLabel', 'http://example.org/lion', 'Lion', 'en', true);
  builder.triple('prefLabel', 'http://example.org/scheme', 'Zebra crossing', 'en', true);
  const index = new LabelIndex(builder.build());
  expect(index.stats.words).toBe(1);
  expect(index.wordsOf(0)).toEqual(['lion']);
});
