import { LabelIndex } from '../../src/index/LabelIndex.js';
import { LabelIndexBuilder } from '../../src/index/LabelIndexBuilder.js';
import { IndexFinder } from '../../src/lookup/memory/IndexFinder.js';

// A pool thread warms its finder up when it installs an index (IndexFinder.warmUp): the
// warm-up asks the index questions and drops the answers, so it must leave nothing behind
// that changes a later answer.

const LABELS = [
  'Herbal tea',
  'Black tea',
  'Teapots',
  'Green tea',
  'Tea ceremonies',
  'Coffee',
  'Coffee roasting',
  'Tea and coffee trade',
  'Porcelain',
  'Chinese porcelain',
  'Kettles',
  'Infusions',
];

function finderOf(labels: readonly string[]): IndexFinder {
  const builder = new LabelIndexBuilder('en');
  labels.forEach((label, i) => {
    builder.typed(`http://example.org/c${i}`);
    builder.triple('prefLabel', `http://example.org/c${i}`, label, 'en', true);
  });
  return new IndexFinder(new LabelIndex(builder.build()), 'en');
}

describe("a pool thread's warm-up", () => {
  test('leaves every later answer as a finder that never warmed up gives it', async () => {
    const cold = finderOf(LABELS);
    const warm = finderOf(LABELS);
    await warm.warmUp();
    for (const q of ['tea', 'Herbal tae', 'coffee roastng', 'porcelain', 'teapot', 'kettle']) {
      const names = [{ q, filter: {}, limit: 10, display: 'en' }];
      expect(await warm.reconcile(names)).toEqual(await cold.reconcile(names));
      expect(await warm.search({ q, count: 10, page: 1 })).toEqual(await cold.search({ q, count: 10, page: 1 }));
      expect(await warm.suggest({ q: q.slice(0, 3), count: 10, page: 1 })).toEqual(
        await cold.suggest({ q: q.slice(0, 3), count: 10, page: 1 }),
      );
    }
  });

  test('on an index without labels, does nothing and does not fail', async () => {
    await expect(finderOf([]).warmUp()).resolves.toBeUndefined();
  });
});
