/**
 * How many letters (code points) start in UTF-8 `bytes` from `from` to `to`: the bytes that
 * are no continuation byte (10xxxxxx). A range cut inside a letter counts fewer, never more.
 */
export function letterStarts(bytes: Uint8Array, from: number, to: number): number {
  let starts = 0;
  for (let at = from; at < to; at++) if (((bytes[at] as number) & 0xc0) !== 0x80) starts++;
  return starts;
}
