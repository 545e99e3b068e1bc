import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one slice of a long piece of work may hold its thread before others get a turn. */
export const SLICE_MS = 4;

/**
 * A long piece of work done in slices on the thread that answers HTTP (a /get of a hundred
 * broad concepts with their children, the rendering of a 6 MB answer): `pass()` between two
 * steps lets what waits (a `/health` probe, a keystroke, a cache hit) in once the slice's
 * time is up, and costs nothing before.
 */
export class Turns {
  private started = performance.now();

  async pass(): Promise<void> {
    if (performance.now() - this.started < SLICE_MS) return;
    await nextTurn();
    this.started = performance.now();
  }
}

/** Every item of `items`, gathered in slices (Turns): a long answer's rows read without holding the thread. */
export async function inTurns<T>(items: Iterable<T>): Promise<T[]> {
  const turns = new Turns();
  const all: T[] = [];
  for (const item of items) {
    all.push(item);
    if ((all.length & 255) === 0) await turns.pass();
  }
  return all;
}
