/**
 * Orders strings by Unicode code point, the order the contract uses for language tags,
 * altLabels and related labels. (JavaScript's `<` compares UTF-16 code units, which puts
 * U+10000 and above before U+E000..U+FFFF.)
 */
export function compareCodePoints(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done === true || y.done === true) return x.done === y.done ? 0 : x.done === true ? -1 : 1;
    const difference = (x.value.codePointAt(0) as number) - (y.value.codePointAt(0) as number);
    if (difference !== 0) return difference;
  }
}
