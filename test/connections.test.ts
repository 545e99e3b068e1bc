import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

// Connections are bounded: half-sent requests (a slowloris) cannot take every descriptor of
// the process. Below the cap /health answers whatever the others hold; past it new
// connections are closed at once and the log says so; a request whose headers do not come
// within 10 s is closed.

const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));

test('half-sent requests hold no more than MAX_CONNECTIONS, and none for longer than the headers timeout', async () => {
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', MAX_CONNECTIONS: '100' },
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const sockets: Socket[] = [];
  try {
    for (let waited = 0; !/"ready in \d+ ms"/.test(log) && waited < 20_000; waited += 50) await sleep(50);
    const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(log)?.[1]);
    const closedAt = new Map<Socket, number>();
    const halfSent = async (count: number): Promise<Socket[]> => {
      const opened = await Promise.all(
        Array.from({ length: count }, async () => {
          const socket = connect(port, '127.0.0.1');
          socket.on('error', () => {});
          socket.resume(); // reads what comes (the 408), so that the server's end reaches 'close'
          socket.on('close', () => closedAt.set(socket, Date.now()));
          await once(socket, 'connect');
          socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '); // never ends its headers
          return socket;
        }),
      );
      sockets.push(...opened);
      return opened;
    };
    const started = Date.now();
    const below = await halfSent(80);
    await sleep(300);
    // below the cap: others are answered as ever
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    expect(below.filter((socket) => closedAt.has(socket))).toEqual([]);
    // past it: closed at once, and said
    const beyond = await halfSent(60);
    await sleep(1000);
    const closedBeyond = beyond.filter((socket) => closedAt.has(socket)).length;
    expect(closedBeyond).toBeGreaterThanOrEqual(35); // 140 opened against a cap of 100 (a fetch's connection may still hold one)
    expect(closedBeyond).toBeLessThanOrEqual(60);
    expect(log).toMatch(/"\d+ connections? refused: 100 are open, the most this service takes \(MAX_CONNECTIONS\)"/);
    // the headers never come: each held connection is closed after 10 s (checked every second)
    for (let waited = 0; below.some((socket) => !closedAt.has(socket)) && waited < 20_000; waited += 250) await sleep(250);
    expect(below.filter((socket) => !closedAt.has(socket))).toEqual([]);
    const heldFor = below.map((socket) => ((closedAt.get(socket) as number) - started) / 1000);
    expect(Math.min(...heldFor)).toBeGreaterThanOrEqual(9);
    // and the service takes new connections again
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  } finally {
    for (const socket of sockets) socket.destroy();
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}, 60_000);
