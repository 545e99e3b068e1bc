import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../src/Config.js';
import { writeSnapshot, readSnapshot, SNAPSHOT_FORMAT } from '../../src/index/IndexSnapshot.js';
import { loadConfig } from '../../src/loadConfig.js';

// INDEX_SNAPSHOT names a regular file, or one to be made in a folder that exists: anything else
// is refused at start with one line naming the setting, and a write that fails leaves nothing
// behind.

const folder = mkdtempSync(join(tmpdir(), 'snapshot-path-'));
const SERVER = new URL('../../dist/server.js', import.meta.url).pathname;

test.each([
  [
    'a directory',
    () => {
      const path = join(folder, 'a-directory');
      mkdirSync(path);
      return path;
    },
  ],
  [
    'a FIFO',
    () => {
      const path = join(folder, 'a-fifo');
      execFileSync('mkfifo', [path]);
      return path;
    },
  ],
  ['a device', () => '/dev/null'],
])('INDEX_SNAPSHOT naming %s is refused, naming the setting and what the path is', (kind, make) => {
  const path = make();
  expect(() => loadConfig({ INDEX_SNAPSHOT: path })).toThrow(ConfigError);
  expect(() => loadConfig({ INDEX_SNAPSHOT: path })).toThrow(new RegExp(`^INDEX_SNAPSHOT: .* is ${kind}; it must name a regular file`));
});

test('INDEX_SNAPSHOT naming a socket is refused', async () => {
  const path = join(folder, 'a-socket');
  const server = createServer().listen(path);
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    expect(() => loadConfig({ INDEX_SNAPSHOT: path })).toThrow(/^INDEX_SNAPSHOT: .* is a socket;/);
  } finally {
    server.close();
  }
});

test('INDEX_SNAPSHOT in a folder that does not exist is refused; a file yet to be made in one that does is taken', () => {
  expect(() => loadConfig({ INDEX_SNAPSHOT: join(folder, 'nowhere', 'index.bin') })).toThrow(
    /^INDEX_SNAPSHOT: .*its folder .* does not exist/,
  );
  expect(loadConfig({ INDEX_SNAPSHOT: join(folder, 'index.bin') }).indexSnapshot).toBe(join(folder, 'index.bin'));
});

test('the service started with INDEX_SNAPSHOT naming a FIFO stops at once with one line naming it, exit 2', () => {
  const path = join(folder, 'start-fifo');
  execFileSync('mkfifo', [path]);
  const started = spawnSync(process.execPath, [SERVER, 'check'], {
    env: { PATH: process.env.PATH, INDEX_SNAPSHOT: path },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(started.status).toBe(2);
  expect(started.stderr).toContain('INDEX_SNAPSHOT: ');
  expect(started.stderr).toContain('is a FIFO');
});

test('a snapshot read from a FIFO made after the start is refused at once, not waited on', async () => {
  const path = join(folder, 'late-fifo');
  execFileSync('mkfifo', [path]);
  expect(await readSnapshot(path, 'x')).toEqual({ reason: expect.stringContaining('not a regular file') });
});

test('a snapshot whose rename fails (a directory took its name) leaves no temporary file behind', async () => {
  const into = mkdtempSync(join(tmpdir(), 'snapshot-rename-'));
  const path = join(into, 'index.bin');
  mkdirSync(join(path, 'inside'), { recursive: true }); // a directory that is not empty: rename cannot replace it
  const data = { languages: [], schemes: [], arrays: { conceptText: new Uint8Array(3) } } as never;
  await expect(writeSnapshot(path, data, { format: SNAPSHOT_FORMAT, fingerprint: 'x', built: new Date().toISOString() })).rejects.toThrow();
  expect(readdirSync(into)).toEqual(['index.bin']);
});
