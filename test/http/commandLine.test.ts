import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The operator's subcommands against the store of the suite (the embedded store on the
// sample vocabulary, or SPARQL_ENDPOINT and SPARQL_GRAPH when a suite sets them, with its
// LABEL_INDEX): `check` says what /ready would say and exits 0 when ready; `snapshot` writes
// the label index to a file that a service then starts from.

/** The built entry point: the suites build it first. */
const SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
const PROJECT = fileURLToPath(new URL('../../', import.meta.url));

function skosLookup(args: string[], env: Record<string, string> = {}) {
  const fromSuite = Object.fromEntries(
    Object.entries(process.env).filter(([name, value]) => (name.startsWith('SPARQL_') || name === 'LABEL_INDEX') && value !== undefined),
  ) as Record<string, string>;
  return spawnSync(process.execPath, [SERVER, ...args], {
    encoding: 'utf8',
    cwd: PROJECT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...fromSuite, ...env },
    timeout: 120_000,
  });
}

const indexOn = process.env.LABEL_INDEX !== 'off';

describe('the command line', () => {
  test('check: builds what the service would, prints what /ready would say, exits 0 when ready, and listens on nothing', () => {
    const { status, stdout, stderr } = skosLookup(['check'], { PORT: '1' });
    expect(status).toBe(0);
    const answer = JSON.parse(stdout);
    expect(answer.status).toBe('ready');
    if (indexOn) expect(answer.labelIndex.concepts).toBeGreaterThan(100);
    expect(stderr).toContain('check: ready');
    expect(stderr).not.toContain('listening');
  });

  test('check: a DEFAULT_LANG that no preferred label is in is named with the languages the vocabulary has', () => {
    const { status, stdout, stderr } = skosLookup(['check'], { DEFAULT_LANG: 'english' });
    expect(status).toBe(0);
    const warning = expect.stringMatching(
      /^DEFAULT_LANG=english: no preferred label is in that language; the vocabulary's are in .*\ben\b.*\bfr\b/,
    );
    expect(JSON.parse(stdout).warnings).toEqual([warning]);
    expect(stderr).toContain('DEFAULT_LANG=english: no preferred label');
  });

  test('check: a store that does not answer is not ready, exit 1, saying why', () => {
    const { status, stdout } = skosLookup(['check'], { SPARQL_ENDPOINT: 'http://127.0.0.1:9/sparql', SPARQL_TIMEOUT_MS: '2000' });
    expect(status).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'not ready', message: expect.stringMatching(/^not ready: /) });
  });

  (indexOn ? test : test.skip)('snapshot: writes the label index to a file, which a service then starts from', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'snapshot-')), 'index.bin');
    const written = skosLookup(['snapshot', file]);
    expect(written.status).toBe(0);
    expect(existsSync(file)).toBe(true);
    const checked = skosLookup(['check'], { INDEX_SNAPSHOT: file });
    expect(checked.status).toBe(0);
    expect(checked.stderr).toContain(`read from the snapshot ${file}`);
  });

  (indexOn ? test.skip : test)('snapshot: without the label index there is none to write: exit 2, saying so', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'snapshot-')), 'index.bin');
    const refused = skosLookup(['snapshot', file]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('LABEL_INDEX: must be on to write a snapshot');
    expect(existsSync(file)).toBe(false);
  });

  test('a mistake on the command line says what is wrong and the commands in a few lines, exit 2', () => {
    const { status, stderr } = skosLookup(['serve', 'extra']);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^skos-lookup: unknown command "serve extra"\n/);
    expect(stderr).toContain('Every setting, with its default: skos-lookup --help');
    expect(stderr.split('\n').length).toBeLessThan(30); // not every setting's help
  });
});
