import { Turns, countSlicesBy, inTurns, sortedInTurns } from '../src/Turns.js';

// A long answer's rows are gathered in slices: what waits for the thread (a /health probe)
// gets it between two slices, not after the last row.

test('rows that take their thread longer than a slice let a waiting callback in before the last of them, and all come in order', async () => {
  const costly = function* (): Generator<number> {
    for (let i = 0; i < 2000; i++) {
      for (const start = performance.now(); performance.now() - start < 0.01;); // 20 ms in all
      yield i;
    }
  };
  let readWhenLetIn: number | undefined;
  let read = 0;
  const counted = function* (): Generator<number> {
    for (const row of costly()) {
      read++;
      yield row;
    }
  };
  setImmediate(() => (readWhenLetIn = read));
  const rows = await inTurns(counted());
  expect(rows).toEqual(Array.from({ length: 2000 }, (_, i) => i));
  expect(readWhenLetIn).toBeGreaterThan(0);
  expect(readWhenLetIn).toBeLessThan(2000);
});

test('a short answer is gathered without giving the thread away', async () => {
  let letIn = false;
  setImmediate(() => (letIn = true));
  const rows = await inTurns([1, 2, 3]);
  expect(rows).toEqual([1, 2, 3]);
  expect(letIn).toBe(false);
});

test('a long list is sorted as the engine sorts it, stably, letting a waiting callback in before it is done', async () => {
  const fc = (await import('fast-check')).default;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.record({ key: fc.nat(50), at: fc.nat() }), { maxLength: 9000 }), async (items) => {
      const compare = (a: { key: number }, b: { key: number }): number => a.key - b.key;
      expect(await sortedInTurns(items, compare)).toEqual(items.slice().sort(compare));
    }),
    { numRuns: 30 },
  );
  // costly comparisons: the sort takes its thread longer than a slice
  const items = Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 20_000);
  let sortedWhenLetIn: boolean | undefined;
  let done = false;
  setImmediate(() => (sortedWhenLetIn = done));
  const costly = (a: number, b: number): number => {
    for (const start = performance.now(); performance.now() - start < 0.0005;);
    return a - b;
  };
  const sorted = await sortedInTurns(items, costly);
  done = true;
  expect(sorted).toEqual(Array.from({ length: 20_000 }, (_, i) => i));
  expect(sortedWhenLetIn).toBe(false);
});

test('pieces of work under way at once share one slice: a waiting callback comes in before they have taken many slices between them', async () => {
  // ten loops (a reconciliation batch's names, each showing its candidates), each 30 steps of
  // 0.5 ms by a clock of the test's own (the machine's load changes nothing)
  let clock = performance.now();
  const restore = countSlicesBy(() => clock);
  let steps = 0;
  const loop = async (): Promise<void> => {
    const turns = new Turns();
    for (let i = 0; i < 30; i++) {
      clock += 0.5;
      steps++;
      await turns.pass();
    }
  };
  // let in once the first slice is over: each loop giving its own turn, all ten would take a
  // slice (some 8 steps each) before it, 80 steps in all; sharing one, a slice or two
  let stepsWhenLetIn: number | undefined;
  const work = Promise.all(Array.from({ length: 10 }, loop));
  setImmediate(() => setImmediate(() => (stepsWhenLetIn = steps)));
  await work.finally(restore);
  expect(steps).toBe(300);
  expect(stepsWhenLetIn).toBeLessThan(40);
});
