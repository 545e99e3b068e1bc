import { createHash } from 'node:crypto';
import { Turns } from '../Turns.js';
import { chargeRendering } from './outgoingBytes.js';
import { rendered, type RenderedBody } from './ResponseCache.js';

/** How deep the walk goes before a value is written whole: an answer, its envelope, its list, a concept. */
const WALKED_LEVELS = 4;

/** Text gathered before it is hashed and the thread may be given up. */
const FLUSH_CHARS = 64 * 1024;

/**
 * `rendered(value)` (the same text, the same ETag) made in turns: the answer is written a
 * piece at a time (each concept of a list whole, by JSON.stringify) and hashed as it goes,
 * giving up the thread between pieces once a slice's time is up. A 6 MB answer (a hundred
 * broad concepts with their children) held every other request some 35 ms when made at once.
 */
export async function renderedInTurns(value: unknown): Promise<RenderedBody> {
  // most answers (a concept, a page of ten, a keystroke's suggestions) are written within
  // microseconds: at once, by JSON.stringify, where walking them piece by piece cost several
  // times the writing
  if (isSmall(value)) {
    const release = chargeRendering(2 * FLUSH_CHARS);
    try {
      return rendered(value);
    } finally {
      release();
    }
  }
  const hash = createHash('sha1');
  const parts: string[] = [];
  const turns = new Turns();
  let pending: string[] = [];
  let pendingChars = 0;
  // what is rendered counts against the bytes the process may hold for answers
  // (outgoingBytes.ts): past them the render stops with a 503, its parts let go
  const releases: Array<() => void> = [];
  const flush = (): void => {
    const text = pending.join('');
    releases.push(chargeRendering(2 * text.length)); // UTF-16 code units
    hash.update(text);
    parts.push(text);
    pending = [];
    pendingChars = 0;
  };
  try {
    for (const piece of pieces(value, WALKED_LEVELS)) {
      pending.push(piece);
      pendingChars += piece.length;
      if (pendingChars >= FLUSH_CHARS) flush();
      await turns.pass();
    }
    flush();
    return { body: parts.join(''), etag: `"${hash.digest('base64url')}"` };
  } finally {
    for (const release of releases) release();
  }
}

/** The JSON text of `value` in pieces, by JSON.stringify's rules; `levels` more levels are walked, deeper values written whole. */
function* pieces(value: unknown, levels: number): Generator<string> {
  if (levels === 0 || typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      yield* pieces(omitted(value[i]) ? null : value[i], levels - 1);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const [key, member] of Object.entries(value)) {
    if (omitted(member)) continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* pieces(member, levels - 1);
  }
  yield '}';
}

/** Values, and characters of their strings and keys, that an answer written at once may hold. */
const SMALL_VALUES = 2000;

/**
 * Whether `value` is written within a slice, for certain: at most SMALL_VALUES values and
 * FLUSH_CHARS characters of strings and keys (a number or a literal is a few characters), none
 * with a `toJSON` of its own. Looks no further than those bounds.
 */
function isSmall(value: unknown): boolean {
  let values = 0;
  let chars = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (++values > SMALL_VALUES) return false;
    if (typeof next === 'string') chars += next.length;
    else if (typeof next === 'object' && next !== null) {
      if (typeof (next as { toJSON?: unknown }).toJSON === 'function') return false;
      if (Array.isArray(next)) for (const item of next) stack.push(item);
      else
        for (const key in next) {
          chars += key.length;
          stack.push((next as Record<string, unknown>)[key]);
        }
    } else chars += 8;
    if (chars > FLUSH_CHARS) return false;
  }
  return true;
}

/** Whether JSON.stringify leaves a member out of an object (and writes null for it in an array). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}
