import { HEAVY_AT_ONCE, HEAVY_WAITING, inTurnIfHeavy } from '../../src/http/heavyAnswers.js';

// Answers that may run to megabytes are made a few at a time, a bounded crowd waiting its
// turn in order and the rest refused at once; an answer that is not heavy never waits.

test('at most HEAVY_AT_ONCE heavy answers are made at once, HEAVY_WAITING wait in order, the rest are 503s at once; a light one is made meanwhile', async () => {
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const gates: Array<() => void> = [];
  const make = (i: number) => async (): Promise<number> => {
    running++;
    most = Math.max(most, running);
    order.push(i);
    await new Promise<void>((resolve) => gates.push(resolve));
    running--;
    return i;
  };
  const asked = HEAVY_AT_ONCE + HEAVY_WAITING + 5;
  const answers = Array.from({ length: asked }, (_, i) =>
    inTurnIfHeavy(true, make(i)).then(
      (v) => v,
      (error: { status: number }) => error.status,
    ),
  );
  // a light answer does not wait for a turn
  expect(await inTurnIfHeavy(false, async () => 'light')).toBe('light');
  // release the answers being made, one at a time, until all have run
  for (let released = 0; released < HEAVY_AT_ONCE + HEAVY_WAITING; released++) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    gates.shift()?.();
  }
  const got = await Promise.all(answers);
  expect(most).toBe(HEAVY_AT_ONCE);
  expect(got.slice(0, HEAVY_AT_ONCE + HEAVY_WAITING)).toEqual(Array.from({ length: HEAVY_AT_ONCE + HEAVY_WAITING }, (_, i) => i));
  expect(got.slice(HEAVY_AT_ONCE + HEAVY_WAITING)).toEqual([503, 503, 503, 503, 503]);
  expect(order).toEqual(Array.from({ length: HEAVY_AT_ONCE + HEAVY_WAITING }, (_, i) => i));
  // every turn was given back: the next is made at once
  expect(await inTurnIfHeavy(true, async () => 'again')).toBe('again');
});
