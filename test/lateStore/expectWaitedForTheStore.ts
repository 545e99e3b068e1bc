import type { LateStoreRun } from '../support/lateStore.js';

/**
 * What a client sees of a service whose store comes late: /health 200 throughout; /ready 503
 * until the index is in, saying that it waits for the store; keystrokes a 503 with
 * Retry-After, never a 200 that would read as "nothing found"; then ready, and keystrokes
 * answered with what the vocabulary holds.
 */
export function expectWaitedForTheStore(run: LateStoreRun): void {
  const before = run.rounds.filter((round) => round.at < 0);
  const after = run.rounds.filter((round) => round.at >= 0);
  expect(before.length).toBeGreaterThan(3);
  expect(run.rounds.every((round) => round.health === 200)).toBe(true);
  expect(before.every((round) => round.ready.status === 503)).toBe(true);
  // first the store's own ping fails; once it answers, the wait for the next try says so
  expect(before.map((round) => round.ready.message ?? '').join('\n')).toMatch(
    /not ready: the SPARQL store (cannot be reached|is not answering)/,
  );
  // no answer before the index was in looked like "nothing found"
  const premature = run.rounds.filter(
    (round) => round.ready.status !== 200 && round.suggest.status === 200 && round.suggest.concepts === 0,
  );
  expect(premature).toEqual([]);
  expect(before.every((round) => round.suggest.status === 503 && round.suggest.retryAfter !== null)).toBe(true);
  if (run.readyAfter === undefined)
    throw new Error(
      `never ready after the store came; the service's log:\n${run.log
        .split('\n')
        .filter((line) => !line.includes('"msg":"request"'))
        .slice(-30)
        .join('\n')}`,
    );
  const last = after.at(-1);
  expect(last?.ready.status).toBe(200);
  expect(last?.suggest).toEqual({ status: 200, retryAfter: null, concepts: expect.any(Number) });
  expect(last?.suggest.concepts).toBeGreaterThan(0);
  process.stderr.write(`late store: ready ${run.readyAfter} s after the store started (${before.length} rounds before it)\n`);
}
