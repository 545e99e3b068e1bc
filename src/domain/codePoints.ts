/** A text's length in code points, as SPARQL's STRLEN counts it. */
export function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) if ((text.charCodeAt(i) & 0xfc00) === 0xdc00) count--;
  return count;
}
