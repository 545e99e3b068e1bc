import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCsv } from '../../src/reconcile/readCsv.js';

/** The built entry point: `npm test` builds it first (pretest). */
const SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
const FOOD = 'https://example.org/food/';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'calibrate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `skos-lookup calibrate FILE` on the sample vocabulary (the embedded store), as a person runs it. */
function calibrate(csv: string, env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const file = join(dir, `names-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(file, csv);
  const run = spawnSync(process.execPath, [SERVER, 'calibrate', file], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', MALLOC_MMAP_THRESHOLD_: '131072', ...env },
    timeout: 60_000,
  });
  // the log's messages, one a line
  const stderr = run.stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg)
    .join('\n');
  return { status: run.status, stdout: run.stdout, stderr };
}

/** The table's row of a rule: its cells. */
function row(stdout: string, rule: string): string[] {
  const line = stdout.split('\n').find((each) => each.startsWith(`| ${rule}`));
  return (line ?? '')
    .split('|')
    .map((cell) => cell.trim())
    .slice(1, -1);
}

describe('calibrate: an institution measures the match rules on its own names', () => {
  test('prints, for each rule, the matches made, right and wrong, recall and precision, and the setting that picks it; lists the wrong matches', () => {
    const { status, stdout } = calibrate(
      [
        'name,iri,broader',
        `Cauliflower,${FOOD}cauliflower,`, // exact
        `Caulifluwer,${FOOD}cauliflower,`, // one typo
        `potatoes,${FOOD}potato,`, // a plural
        `"infusion, herbal",${FOOD}herbal-infusion,`, // inverted, a comma inside quotes
        `Tomato,${FOOD}carrot,`, // the cataloguer chose another concept: a wrong match for every rule
        'Xylophone quartet,,', // no concept: a match would be wrong
      ].join('\n'),
    );
    expect(status).toBe(0);
    expect(stdout).toMatch(/^calibrate: 6 names from .* \(5 with the concept chosen, 1 with none\)/);
    // names: exact, inverted and the wrong Tomato; near adds the typo and the plural
    expect(row(stdout, 'names')).toEqual(['names', '3', '2', '1', '40.0%', '66.7%', '80.0%', 'RECONCILE_MATCH=names']);
    expect(row(stdout, 'near (in force)')).toEqual(['near (in force)', '5', '4', '1', '80.0%', '80.0%', '80.0%', 'RECONCILE_MATCH=near']);
    expect(row(stdout, 'loose')[0]).toBe('loose');
    expect(stdout).toContain(`line 6: "Tomato" matched ${FOOD}tomato "Tomato" (prefLabel "Tomato" (en): the label is the name as written;`);
  });

  test('the rule in force is the one RECONCILE_MATCH sets', () => {
    const { status, stdout } = calibrate(`name,iri\nCauliflower,${FOOD}cauliflower\n`, { RECONCILE_MATCH: 'names' });
    expect(status).toBe(0);
    expect(row(stdout, 'names (in force)')[1]).toBe('1');
  });

  test('an IRI that is no concept of the vocabulary is said, with its line', () => {
    const { stdout } = calibrate(`name,iri\nCauliflower,${FOOD}cauliflower\nCarrot,${FOOD}no-such-concept\n`);
    expect(stdout).toContain('1 names were given an IRI that is no concept of this vocabulary (never matched right): lines 3');
  });

  test('a file it cannot read is refused with its line: exit status 2', () => {
    for (const [csv, message] of [
      ['label,uri\nTea,x\n', /line 1: the header must name the columns "name" and "iri"/],
      ['name,iri,colour\nTea,x,red\n', /line 1: column "colour" is no property a query may give/],
      [`name,iri\nTea,${FOOD}tea,extra\n`, /line 2: 3 fields where the header has 2/],
      ['name,iri\n"Tea,x\n', /a quoted field that starts on line 2 is never closed/],
    ] as const) {
      const { status, stderr } = calibrate(csv);
      expect(status).toBe(2);
      expect(stderr).toMatch(message);
    }
  });

  test('without a file it is a usage error', () => {
    const run = spawnSync(process.execPath, [SERVER, 'calibrate'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/calibrate takes one argument/);
  });
});

describe('reading CSV', () => {
  test('quoted fields hold commas, line breaks and doubled quotes; CRLF, a byte-order mark and blank lines are read', () => {
    expect(readCsv('\ufeffname,iri\r\n"Tea, herbal","a ""b""\nc"\r\n\r\nx,y')).toEqual([
      { line: 1, fields: ['name', 'iri'] },
      { line: 2, fields: ['Tea, herbal', 'a "b"\nc'] },
      { line: 5, fields: ['x', 'y'] },
    ]);
  });
});
