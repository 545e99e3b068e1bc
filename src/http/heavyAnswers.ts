import { HeavyAnswersError, SlowReadersError } from '../errors.js';
import { outgoingFull } from './outgoingBytes.js';

/**
 * How many answers that may run to megabytes (those with the `narrower` field: up to
 * 100,000 concepts shown) are made at once, and how many may wait their turn. Each is some
 * 20 MB of objects while it is made and rendered: sixty asked at once, each by a client
 * that never reads, held 1.4 GB where the bytes waiting to be sent were bounded. One at a
 * time: they are made in turns on the one thread that answers HTTP, so two at once were no
 * faster, and with two the transient peak under three hundred such clients passed the
 * resting memory by some 100 MB (npm run bench:shapes; RELIABILITY.md).
 */
export const HEAVY_AT_ONCE = 1;
export const HEAVY_WAITING = 32;
/** What a heavy answer may come to, rendered: 100,000 concepts shown at some 80 bytes each. */
const HEAVY_BYTES = 10 * 2 ** 20;

let making = 0;
const waiting: Array<() => void> = [];

/**
 * `make`, where `heavy`, in its turn among the heavy answers: at most HEAVY_AT_ONCE made at
 * once, HEAVY_WAITING more waiting (first come, first served), the rest refused at once with
 * a 503 and `Retry-After`; and, in its turn, refused unmade while the answers held for
 * clients that do not read leave no room for it (`outgoingFull`). An answer that is not heavy
 * is made at once: a keystroke never waits behind a heavy answer.
 */
export async function inTurnIfHeavy<T>(heavy: boolean, make: () => Promise<T>): Promise<T> {
  if (!heavy) return make();
  if (making >= HEAVY_AT_ONCE) {
    if (waiting.length >= HEAVY_WAITING) throw new HeavyAnswersError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else making++;
  try {
    // made only where it could be sent: behind clients that do not read, it is refused unmade
    if (outgoingFull(HEAVY_BYTES)) throw new SlowReadersError();
    return await make();
  } finally {
    const next = waiting.shift();
    if (next === undefined) making--;
    else next(); // the turn passes on: `making` stays
  }
}
