// The rule of scripts/check-docs.mjs on figures in README.md and docs/ (and its test's subject).
/**
 * A measured figure (a time, a size, a ratio, a rate) or a declared one (a default, a limit) is
 * written by a program, never by hand, so that one fact has one value: inside a results block or
 * a figure marker (bench/tables.mjs, from bench/results/), a declared marker (bench/tables.mjs,
 * from the constant in the sources), or a block another program writes
 * (`<!-- generated:NAME -->`: the relevance run). The benchmark history
 * is a log: each of its figures stands under a heading that dates it.
 */
export function handFigures(file, text) {
  const FIGURE = /(?<![\w.,])\d[\d,.]*(?:\s?(?:ms|µs|s|MB|GB|kB|KB|MiB|GiB|KiB|×|\/s)|x)(?![\w])/g;
  const STATUSES = /^[1-5]\d\ds$/; // "400s", "504s": statuses, not seconds
  const problems = [];
  let dated = false;
  let generated;
  text.split('\n').forEach((line, at) => {
    const opened = /<!-- (results|generated):([\w.-]+) -->/.exec(line);
    if (opened !== null) generated = `<!-- /${opened[1]}:${opened[2]} -->`;
    if (generated !== undefined) {
      if (line.includes(generated)) generated = undefined;
      return;
    }
    // a section's date holds for the headings under it
    if (/^#{1,2} /.test(line)) dated = /\b20\d\d-\d\d-\d\d\b/.test(line);
    if (file === 'docs/benchmark-history.md' && dated) return;
    const bare = line.replace(/<!-- (figure|declared) [^>]*-->[^<]*<!-- \/\1 -->/g, '').replace(/`[^`]*`/g, '');
    for (const [figure] of bare.matchAll(FIGURE))
      if (!STATUSES.test(figure))
        problems.push(
          `${file}:${at + 1}: the figure "${figure}" is written by hand: quote it from bench/results/ (a figure marker), from its declaration (a generated block), or say it in words and link to where it is measured`,
        );
  });
  return problems;
}
