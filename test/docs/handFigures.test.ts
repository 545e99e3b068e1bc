import { handFigures } from '../../scripts/handFigures.mjs';

// A figure in README.md and docs/ is written by a program (scripts/check-docs.mjs, run by
// `npm run lint`): these are the cases the rule tells apart.

const marker = '<!-- figure ["run-2000000", "Targets", "row", "measured"] -->1.83 ms<!-- /figure -->';
const declared = '<!-- declared ["src/http/limits.ts", "BODY_BYTES", "bytes"] -->2 MB<!-- /declared -->';

test.each([
  ['a time', 'The index is in after 153.8 s.'],
  ['a size', 'It holds 758 MB at rest.'],
  ['a ratio', 'It reads at 4.13× the floor.'],
  ['a ratio with an x', 'It reads at 3x the floor.'],
  ['a rate', 'The soak ran at 1254/s.'],
  ['a time in microseconds', 'A keystroke takes 150 µs.'],
  ['a figure beside a marker', `p95 ${marker}, and 2.7 ms before.`],
])('%s written by hand is refused', (_, line) => {
  expect(handFigures('docs/x.md', `# X\n\n${line}\n`)).toHaveLength(1);
});

test.each([
  ['a figure marker', `The median is ${marker}.`],
  ['a declared marker', `A body of ${declared} at most.`],
  ['plural statuses', 'Only 200s before, 503s while it was down, and no 504s.'],
  ['a count, a percentage, a version', '10,000 requests, 99.5% of them, Node 20.20.'],
  ['a figure in a code span', 'Set `SPARQL_TIMEOUT_MS=3000` or `--timeout 120s`.'],
  ['a results block', '<!-- results:run-quick -->\n| a | 1.2 ms |\n<!-- /results:run-quick -->'],
  ['a generated block', '<!-- generated:relevance -->\nin 564 s.\n<!-- /generated:relevance -->'],
])('%s passes', (_, text) => {
  expect(handFigures('docs/x.md', `# X\n\n${text}\n`)).toEqual([]);
});

test('the benchmark history is a log: a figure under a dated heading passes, one under another is refused', () => {
  const log = '# History\n\n## A run (2026-11-28)\n\n### At 2 million\n\n153.6 s.\n\n## Earlier looks\n\n184.2 s.\n';
  expect(handFigures('docs/benchmark-history.md', log)).toEqual([
    expect.stringContaining('docs/benchmark-history.md:11: the figure "184.2 s"'),
  ]);
  // elsewhere, a date in a heading excuses nothing
  expect(handFigures('docs/limitations.md', log)).toHaveLength(2);
});
