// A benchmark's results as data: one JSON file per run under bench/results/<name>/, named by
// its date and commit, holding what was measured (its tables, as cells) and where (commit,
// machine, date, command). The docs' tables are made from the newest file of each name
// (`renderResults`), between `<!-- results:<name> -->` and `<!-- /results:<name> -->`, and a
// figure a doc quotes from one is a `<!-- figure ... -->` marker filled from the same file:
// `node bench/tables.mjs` writes both, and `npm run lint` fails where a doc differs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

export const RESULTS_DIR = 'bench/results';

/** The commit measured and whether the work tree differed from it; take it before the run writes anything. */
export function measuredAt() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return { commit, changed };
  } catch {
    return { commit: 'unknown', changed: false };
  }
}

/** This machine, as a run names it. */
export function machine() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

/**
 * Writes one run's results: `run` holds `command`, `setup` (a sentence of what ran), `tables`
 * (each `{ title, before?, columns, rows, align?, note?, hidden? }`: rows of cells as shown,
 * `before` and `note` what the table's section says around it; `hidden` tables stay in the
 * file alone), `after` (a closing line) and `figures` (named values a doc may quote), besides
 * `measured` (from measuredAt) and `began` (ms). Returns the file's path.
 */
export function saveResults(name, { measured, began, ...run }) {
  const date = new Date(began).toISOString();
  const file = join(RESULTS_DIR, name, `${date.slice(0, 16).replace(':', '')}-${measured.commit}.json`);
  mkdirSync(join(RESULTS_DIR, name), { recursive: true });
  const record = {
    name,
    ...measured,
    date: date.slice(0, 16).replace('T', ' '),
    machine: machine(),
    seconds: Math.round((Date.now() - began) / 1000),
    ...run,
  };
  writeFileSync(file, `${JSON.stringify(record, null, 1)}\n`);
  return file;
}

/** Writes the docs' tables and figures from the newest results (bench/tables.mjs). */
export function writeBenchTables() {
  execFileSync(process.execPath, ['bench/tables.mjs'], { stdio: 'inherit' });
}

/** The names that have results. */
export function resultNames() {
  try {
    return readdirSync(RESULTS_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/** The newest run of `name` with its file, or undefined. */
export function latestResults(name) {
  let files;
  try {
    files = readdirSync(join(RESULTS_DIR, name)).filter((file) => file.endsWith('.json'));
  } catch {
    return undefined;
  }
  const file = files.sort().at(-1);
  if (file === undefined) return undefined;
  const path = join(RESULTS_DIR, name, file);
  return { path, run: JSON.parse(readFileSync(path, 'utf8')) };
}

/** A run as the docs show it: where and when it was measured, then its tables. */
export function renderResults({ path, run }) {
  const { commit, changed, command, date, machine: m, seconds, setup, tables = [], after } = run;
  const head = [
    `Measured at \`${commit}\`${changed ? ' with changes' : ''} (\`${command}\`, ${date} UTC), ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}${seconds === undefined ? '' : `; ${seconds.toLocaleString('en')} s`}.${setup ? ` ${setup}` : ''}`,
  ];
  const parts = [head.join('')];
  for (const table of tables) {
    if (table.hidden) {
      parts.push(`${table.title}: ${table.rows.length.toLocaleString('en')} rows, in [${path}](../${path}).`);
      continue;
    }
    if (table.title) parts.push(`### ${table.title}`);
    if (table.before) parts.push(table.before);
    if (table.columns) parts.push(markdownTable(table));
    if (table.note) parts.push(table.note);
  }
  if (after) parts.push(after);
  return `${parts.join('\n\n')}\n`;
}

/** A table of cells as Markdown. */
export function markdownTable({ columns, rows, align = [] }) {
  const line = (cells) => `| ${cells.map((cell) => String(cell ?? '').replaceAll('|', '\\|')).join(' | ')} |`;
  const rule = `|${columns.map((_, i) => (align[i] === 'right' ? '---:' : '---')).join('|')}|`;
  return [line(columns), rule, ...rows.map(line)].join('\n');
}

/**
 * The cell a figure marker names: in the newest run of `name`, the table titled `table` (''
 * for an untitled one), the row whose first cell is `row` (or whose first cells joined by
 * " · " are), the column headed `column`. Throws naming what is missing.
 */
export function cellOf(results, name, table, row, column) {
  const found = results.run.tables?.find((candidate) => (candidate.title ?? '') === table);
  if (found === undefined) throw new Error(`${name} has no table "${table}"`);
  const index = found.columns.indexOf(column);
  if (index === -1) throw new Error(`${name}'s table "${table}" has no column "${column}"`);
  const rows = found.rows.filter((cells) => cells.some((_, n) => cells.slice(0, n + 1).join(' · ') === row));
  if (rows.length !== 1) throw new Error(`${name}'s table "${table}" has ${rows.length} rows "${row}"`);
  return String(rows[0][index]);
}
