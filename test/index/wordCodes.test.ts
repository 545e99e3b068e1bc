import { foldedLabel } from '../../src/domain/foldedLetter.js';
import { LabelIndex } from '../../src/index/LabelIndex.js';
import { LabelIndexBuilder } from '../../src/index/LabelIndexBuilder.js';

// The index keeps a label's folded text as its words' codes (one to three bytes a word, the
// commonest words the shortest). With 20,000 distinct words, codes of every length occur:
// each label's words, its text's place in the text order, and its words' tests must read
// back exactly what was built.

const EXAMPLE = 'http://example.org/';
const COUNT = 20_000;
/** A word of its own for each number, and a common word in every label. */
const wordOf = (i: number): string => `w${i.toString(36)}x`;
const labelOf = (i: number): string => `The ${wordOf(i)} Common ${wordOf((i * 7) % COUNT)}`;

test('every label reads back its own words, from codes of one, two and three bytes', () => {
  const builder = new LabelIndexBuilder('en');
  for (let i = 0; i < COUNT; i++) {
    builder.typed(`${EXAMPLE}c${i}`);
    builder.triple('prefLabel', `${EXAMPLE}c${i}`, labelOf(i), 'en', true);
  }
  const index = new LabelIndex(builder.build());
  expect(index.stats.words).toBeGreaterThan(16_384);
  const seen = new Set<number>();
  for (let entry = 0; entry < COUNT; entry++) {
    const concept = index.conceptOf(entry);
    const i = Number(/c(\d+)$/.exec(index.iriOf(concept))?.[1]);
    seen.add(i);
    const folded = foldedLabel(labelOf(i));
    expect(index.wordsOf(entry)).toEqual(folded.split(' '));
    expect([...index.entriesEqualTo(folded)]).toContain(entry);
    expect(index.holdsAll(entry, [[{ bytes: Buffer.from(wordOf(i).toLowerCase()), prefix: false }]])).toBe(true);
    expect(index.holdsAll(entry, [[{ bytes: Buffer.from('nowhere'), prefix: true }]])).toBe(false);
  }
  expect(seen.size).toBe(COUNT);
});
