import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { settingMistakes } from '../src/loadConfig.js';

// A .env is as strict as the environment: a name a few letters off a setting stops the start,
// naming its line, even where the setting meant is set too (a copy of an older .env.example set
// every one); .env.example sets nothing until a line is uncommented.

const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../.env.example', import.meta.url));

test('a look-alike in .env is refused with its line, whether or not the setting it means is set', () => {
  const env = { DEFAULT_LANG: 'en', DEFAULT_LNG: 'de', VOCABULARY: 'mine.ttl' };
  expect(
    settingMistakes(
      env,
      ['DEFAULT_LANG', 'DEFAULT_LNG', 'VOCABULARY'],
      new Map([
        ['DEFAULT_LNG', 12],
        ['VOCABULARY', 3],
      ]),
    ),
  ).toEqual({
    refuse: ['DEFAULT_LNG (line 12 of .env) is not a setting; did you mean DEFAULT_LANG?'],
    warn: ['VOCABULARY (line 3 of .env) is not a setting of this service; it is ignored'],
  });
});

test('.env.example sets nothing: every setting in it is a comment', () => {
  const set = readFileSync(EXAMPLE, 'utf8')
    .split('\n')
    .filter((line) => /^\s*[A-Z_]+\s*=/.test(line));
  expect(set).toEqual([]);
});

test('the service started beside a .env with every setting and a typo stops at once, naming the line and the setting meant (exit 2)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'dotenv-'));
  const every = readFileSync(EXAMPLE, 'utf8').replace(/^# ([A-Z_]+=)/gm, '$1');
  const text = `${every}DEFAULT_LNG=de\n`;
  writeFileSync(join(folder, '.env'), text);
  const line = text.split('\n').indexOf('DEFAULT_LNG=de') + 1;
  const run = spawnSync(process.execPath, [SERVER, 'check'], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain(`DEFAULT_LNG (line ${line} of .env) is not a setting; did you mean DEFAULT_LANG?`);
});
