import { readFileSync } from 'node:fs';

/** An institution's own counts per concept URI (CONCEPT_WEIGHTS), and what in the file was odd. */
export interface ConceptWeights {
  weights: ReadonlyMap<string, number>;
  /** Lines that are neither blank, a `#` comment, nor a URI and a count: left out. */
  oddLines: number;
  /** The first such line's number (1-based). */
  firstOddLine: number | undefined;
}

/**
 * Reads CONCEPT_WEIGHTS: one concept per line, its URI, then (after spaces, a tab or a
 * comma) a non-negative number, such as how often the institution's catalogue uses it.
 * Blank lines and lines starting with `#` are skipped; other lines that do not read so are
 * counted and left out; a URI given twice keeps its last count.
 * @throws the file system's error when the file cannot be read.
 */
export function readConceptWeights(file: string): ConceptWeights {
  const weights = new Map<string, number>();
  let oddLines = 0;
  let firstOddLine: number | undefined;
  readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((line, i) => {
      const text = line.trim();
      if (text === '' || text.startsWith('#')) return;
      const match = /^<?([^\s<>,]+)>?[\s,]+([0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)$/.exec(text);
      const count = match === null ? NaN : Number(match[2]);
      if (match === null || !Number.isFinite(count)) {
        oddLines++;
        firstOddLine ??= i + 1;
        return;
      }
      weights.set(match[1] as string, count);
    });
  return { weights, oddLines, firstOddLine };
}
