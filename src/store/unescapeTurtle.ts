const ESCAPES: Readonly<Record<string, string>> = { t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', '"': '"', "'": "'", '\\': '\\' };

/** Turtle's and N-Triples' string and IRI escapes: \t \n \r \b \f \" \' \\ \uXXXX \UXXXXXXXX. */
export function unescapeTurtle(text: string): string {
  return text.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)/g, (whole, escape: string) => {
    if (escape.length > 1) return String.fromCodePoint(parseInt(escape.slice(1), 16));
    return ESCAPES[escape] ?? whole;
  });
}
