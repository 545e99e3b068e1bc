import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one slice of a long piece of work may hold its thread before others get a turn. */
export const SLICE_MS = 4;

/** The clock slices are counted by: the thread's own time, unless a test gives one (`countSlicesBy`). */
let now: () => number = () => performance.now();

/**
 * Counts slices by `clock` until the function it returns is called: a test's steps then take
 * the time it says, whatever the machine's load.
 */
export function countSlicesBy(clock: () => number): () => void {
  const before = now;
  now = clock;
  return () => {
    now = before;
  };
}

/** When the thread last came back from a turn given away by any `Turns`: the slice under way is counted from then. */
let resumedAt = 0;
/** The turn being given away, shared by every `Turns` that reaches the end of the slice before the turn comes back. */
let giving: Promise<void> | undefined;

/**
 * A long piece of work done in slices on the thread that answers HTTP (a /get of a hundred
 * broad concepts with their children, the rendering of a 6 MB answer): `pass()` between two
 * steps lets what waits (a `/health` probe, a keystroke, a cache hit) in once the slice's
 * time is up, and costs nothing before. Pieces of work under way at once (the candidates of
 * ten names of a reconciliation batch, each shown by its own loop) share one slice and give
 * their turn away together: each giving its own would let all of them run their slice, one
 * after the other, before anything waiting came in.
 */
export class Turns {
  private readonly started = now();

  async pass(): Promise<void> {
    if (now() - Math.max(this.started, resumedAt) < SLICE_MS) return;
    giving ??= nextTurn().then(() => {
      resumedAt = now();
      giving = undefined;
    });
    await giving;
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

/** Items sorted at a time by the engine's own sort before `sortedInTurns` merges: a few ms each. */
const RUN = 2048;

/**
 * `items` sorted by `compare` (stably), in slices (Turns): runs of RUN items sorted natively,
 * then merged pairwise, a turn passed between slices of the merge. A store-path list of 50,000
 * concepts sorted in one call held the thread that answers HTTP for 150-200 ms.
 */
export async function sortedInTurns<T>(items: readonly T[], compare: (a: T, b: T) => number): Promise<T[]> {
  const turns = new Turns();
  let from = items.slice();
  for (let start = 0; start < from.length; start += RUN) {
    const run = from.slice(start, start + RUN).sort(compare);
    for (let i = 0; i < run.length; i++) from[start + i] = run[i] as T;
    await turns.pass();
  }
  let to = new Array<T>(from.length);
  for (let width = RUN; width < from.length; width *= 2) {
    for (let low = 0; low < from.length; low += 2 * width) {
      const middle = Math.min(low + width, from.length);
      const high = Math.min(low + 2 * width, from.length);
      let a = low;
      let b = middle;
      for (let k = low; k < high; k++) {
        // the left one on a tie: stable
        to[k] = (b >= high || (a < middle && compare(from[a] as T, from[b] as T) <= 0) ? from[a++] : from[b++]) as T;
        if ((k & 1023) === 1023) await turns.pass();
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
