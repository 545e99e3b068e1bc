import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import express from 'express';
import { errorHandler } from '../../src/errors.js';
import { createLogger } from '../../src/log.js';
import { OUTGOING, heldBytes, refuseWhenFull } from '../../src/http/outgoingBytes.js';
import { renderedText } from '../../src/http/ResponseCache.js';
import { sendBody } from '../../src/http/sendRendered.js';

// The bytes of answers held for clients that do not read are bounded, per connection and in
// all: past the bound a new answer is a 503 with Retry-After, while those who read are
// answered; an answer that sits with no byte taken for the stall bound closes its
// connection, which gives its bytes back. Real sockets, a real server; the bounds lowered so
// that answers of a few MB show them (the operating system takes some MB per socket itself).

const MB = 2 ** 20;
const big = renderedText('x'.repeat(24 * MB)); // more than loopback's socket buffers take
const small = renderedText('{"ok":true}');
let server: Server;
/** How many /big answers were made. */
let bigMade = 0;
let port: number;
const saved = { ...OUTGOING };
beforeAll(async () => {
  Object.assign(OUTGOING, { maxHeldBytes: 40 * MB, maxHeldPerConnection: 8 * MB, writeStallMs: 2500, stallCheckMs: 100 });
  const app = express();
  app.use(refuseWhenFull(['/health']));
  app.get('/big', (req, res) => {
    bigMade++;
    return sendBody(req, res, big, 'text/plain', 'no-store');
  });
  app.get('/small', (req, res) => sendBody(req, res, small, 'application/json', 'no-store'));
  app.get('/health', (_req, res) => void res.send('ok'));
  app.use(errorHandler(createLogger('silent')));
  server = createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  Object.assign(OUTGOING, saved);
  server.closeAllConnections();
  server.close();
});

/** A client that asks for `path` and never reads. */
async function paused(path: string): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  socket.pause();
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  return socket;
}

const until = async (done: () => boolean, ms = 5000): Promise<void> => {
  for (const start = Date.now(); !done() && Date.now() - start < ms;) await new Promise((resolve) => setTimeout(resolve, 20));
};

test('clients that never read hold no more than the bound; past it a new answer is a 503 with Retry-After, and the probe and small answers still come', async () => {
  const first = await paused('/big');
  await until(() => heldBytes() > 0);
  expect(heldBytes()).toBe(24 * MB); // the whole answer is charged until the system takes its last byte
  // a second would pass the bound: refused, not queued behind the first
  const refused = await fetch(`http://127.0.0.1:${port}/big`, { headers: { 'Accept-Encoding': 'identity' } });
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBe('5');
  expect(((await refused.json()) as { message: string }).message).toContain('clients that do not read');
  // a small answer fits beside it; the probe is never refused
  expect((await fetch(`http://127.0.0.1:${port}/small`)).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  first.destroy();
  await until(() => heldBytes() === 0);
  expect(heldBytes()).toBe(0);
});

test('a client that reads slowly is not cut off: an answer that makes progress is sent whole', async () => {
  const socket = await paused('/big');
  let got = 0;
  socket.on('data', (chunk: Buffer) => (got += chunk.length));
  // a few hundred kB every half second: slow, never stalled for the bound
  for (let i = 0; i < 8 && !socket.destroyed; i++) {
    socket.resume();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.pause();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  socket.resume();
  // the rest comes as fast as the machine sends it: on a machine shared with other suites, seconds
  await until(() => got > 24 * MB, 40_000);
  expect(got).toBeGreaterThan(24 * MB);
  expect(socket.destroyed).toBe(false);
  socket.destroy();
}, 60_000);

test('an answer that sits with no byte taken for the stall bound closes its connection and gives its bytes back', async () => {
  const socket = await paused('/big');
  await until(() => heldBytes() > 0);
  const started = Date.now();
  await until(() => heldBytes() === 0, 8000);
  expect(heldBytes()).toBe(0);
  expect(Date.now() - started).toBeGreaterThanOrEqual(OUTGOING.writeStallMs - 200);
  // the client, reading now, finds the connection ended before the answer did
  let got = 0;
  socket.on('data', (chunk: Buffer) => (got += chunk.length));
  socket.resume();
  await once(socket, 'close');
  expect(got).toBeLessThan(24 * MB);
});

test("answers pipelined behind one a client does not read are refused past the connection's bound: it holds that one answer", async () => {
  const made = bigMade;
  Object.assign(OUTGOING, { maxHeldBytes: 200 * MB }); // room in all: the connection's own bound alone refuses
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  socket.pause();
  socket.write('GET /big HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(5));
  await until(() => heldBytes() > 0);
  await new Promise((resolve) => setTimeout(resolve, 500));
  // every request was read and answered, the first whole and the rest with a 503 (queued behind it, a few bytes each)
  expect(bigMade - made).toBe(5);
  expect(heldBytes()).toBe(24 * MB);
  socket.destroy();
  await until(() => heldBytes() === 0);
  Object.assign(OUTGOING, { maxHeldBytes: 40 * MB });
});
