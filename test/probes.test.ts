import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { fairIntake } from '../src/http/fairIntake.js';

// A probe is answered before a crowd that came first: on kept-alive connections the crowd is
// taken in a slice at a time and the probe at once (fairIntake); new connections are taken in
// one a turn, so a probe that must not wait behind them asks on PROBE_PORT (how long it
// waits either way is measured, not tested: `npm run bench:shapes`).

const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));

/** Sends `GET path` on a new connection and resolves when the answer's first bytes come. */
async function firstBytes(port: number, path: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  const [chunk] = (await once(socket, 'data')) as [Buffer];
  socket.destroy();
  return chunk.toString('latin1');
}

test('a probe on a kept-alive connection is answered before most of a crowd that came first on theirs', async () => {
  const handled: string[] = [];
  const busy = (ms: number): void => {
    for (const start = performance.now(); performance.now() - start < ms;);
  };
  const server: Server = createServer(
    fairIntake(
      (req, res) => {
        handled.push(req.url ?? '');
        if (req.url !== '/health') busy(2); // a request that costs its thread 2 ms
        res.end('ok');
      },
      (url) => url === '/health',
    ),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const agent = new Agent({ connections: 101 });
  try {
    // 101 connections opened and kept alive first, so that the crowd below is requests alone
    await Promise.all(
      Array.from({ length: 101 }, () => request(`http://127.0.0.1:${port}/warm`, { dispatcher: agent }).then((r) => r.body.text())),
    );
    handled.length = 0;
    const crowd = Array.from({ length: 100 }, (_, i) =>
      request(`http://127.0.0.1:${port}/crowd${i}`, { dispatcher: agent }).then((r) => r.body.text()),
    );
    await sleep(0);
    const probe = request(`http://127.0.0.1:${port}/health`, { dispatcher: agent }).then((r) => r.body.text());
    await Promise.all([probe, ...crowd]);
    expect(handled).toHaveLength(101);
    expect(handled.indexOf('/health')).toBeLessThan(50);
  } finally {
    await agent.close();
    server.close();
  }
}, 30_000);

test('PROBE_PORT answers /health and /ready, and nothing else', async () => {
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', PROBE_PORT: '0', LOG_LEVEL: 'info' },
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    for (let waited = 0; !/"ready in \d+ ms"/.test(log) && waited < 20_000; waited += 50) await sleep(50);
    const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(log)?.[1]);
    const probePort = Number(/probes answered on http:\/\/127\.0\.0\.1:(\d+)\/health and \/ready/.exec(log)?.[1]);
    expect(probePort).toBeGreaterThan(0);
    expect(probePort).not.toBe(port);
    expect(await firstBytes(probePort, '/ready')).toMatch(/^HTTP\/1\.1 200 /);
    expect(await firstBytes(probePort, '/search?q=a')).toMatch(/^HTTP\/1\.1 404 [^]*"this port answers \/health and \/ready alone"/);
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}, 60_000);
