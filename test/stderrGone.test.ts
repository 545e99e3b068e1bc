import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

// A process manager that closes the service's standard error, or stops reading it, takes
// nothing down: lines (and Node's own warnings) written to a closed stderr are lost, not the
// process; an exit with lines nobody reads waits a second for them, not forever.

const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const WARNINGS = fileURLToPath(new URL('fixtures/emitWarnings.mjs', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** The service with its stderr a pipe this test holds (and never reads), once it is ready. */
async function started(extra: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...extra },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.pause();
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 20_000; waited += 100) {
    const ready = await fetch(`${url}/ready`).catch(() => undefined);
    if (ready?.status === 200) return { child, url };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('the service did not get ready');
}

/** The exit code within `ms` of SIGTERM, or 'still running'. */
async function stopped(child: ChildProcess, ms: number): Promise<number | null | 'still running'> {
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  child.kill('SIGTERM');
  const code = await Promise.race([exited, sleep(ms, undefined, { ref: false }).then(() => 'still running' as const)]);
  if (code === 'still running') child.kill('SIGKILL');
  child.stderr?.destroy();
  return code;
}

test('a closed stderr loses the lines and warnings written to it, never the service', async () => {
  const { child, url } = await started({ NODE_OPTIONS: `--import=${WARNINGS}` });
  child.stderr?.destroy();
  for (let i = 0; i < 100; i++) {
    const answer = await fetch(`${url}/search?q=tea${i}`);
    expect(answer.status).toBe(200);
    await answer.text();
    await sleep(5); // a warning comes every 20 ms
  }
  expect(child.exitCode).toBeNull();
  expect(await stopped(child, 5000)).toBe(0);
});

test('an exit whose stderr nobody reads waits for it a second, not forever', async () => {
  const { child, url } = await started({});
  // some 200 bytes a request line: the pipe's 64 kB are full long before the last
  for (let i = 0; i < 800; i++) await (await fetch(`${url}/search?q=tea${i}`)).text();
  expect(await stopped(child, 5000)).toBe(0);
});
