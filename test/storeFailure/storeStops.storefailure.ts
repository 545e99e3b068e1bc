import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startService, type RunningService } from '../support/service.js';

// npm run test:store-failure: the service on a real Virtuoso (SPARQL_ENDPOINT, started by
// scripts/test-store-failure.sh), under load from 8 clients, while Virtuoso is stopped and
// later resumed with its data. While it is down, answers must be 503 with Retry-After, each
// within SPARQL_TIMEOUT_MS; nothing may crash or reject unhandled; once Virtuoso answers
// again, so must the service, without a restart.

const virtuoso = (command: string) => promisify(execFile)('bash', ['scripts/virtuoso.sh', command]);
const TIMEOUT_MS = 3000;
const CLIENTS = 8;

interface Answer {
  at: number;
  ms: number;
  status: number;
  retryAfter: string | null;
}

let service: RunningService;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  service = await startService({ CACHE_MAX_ENTRIES: '0', LABEL_INDEX: 'off', SPARQL_TIMEOUT_MS: String(TIMEOUT_MS) });
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await service.close();
});

test('a store stopped under load gives 503s with Retry-After, and answers resume once it is back', async () => {
  const answers: Answer[] = [];
  let running = true;
  let n = 0;
  const words = ['tea', 'cof', 'bread', 'chee', 'sou', 'app', 'mi', 'wine', 'sal', 'pe'];
  const load = Array.from({ length: CLIENTS }, async () => {
    while (running) {
      const i = n++;
      const path =
        i % 3 === 0 ? `/get?uri=https://example.org/food/tea&n=${i}` : `/suggest?q=${words[i % words.length]}&count=${1 + (i % 50)}`;
      const started = Date.now();
      const response = await fetch(service.url + path.replace('&n=', '&lang=en&x='));
      await response.arrayBuffer();
      answers.push({ at: started, ms: Date.now() - started, status: response.status, retryAfter: response.headers.get('Retry-After') });
    }
  });
  const t0 = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const stopping = Date.now();
  await virtuoso('stop');
  const stopped = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const resuming = Date.now();
  await virtuoso('resume');
  const back = Date.now(); // Virtuoso answers SPARQL again
  await new Promise((resolve) => setTimeout(resolve, 3000));
  running = false;
  await Promise.all(load);

  const before = answers.filter((a) => a.at + a.ms < stopping);
  const down = answers.filter((a) => a.at >= stopped && a.at + a.ms < resuming);
  const firstAfter = answers.filter((a) => a.at >= back && a.status === 200).sort((a, b) => a.at + a.ms - (b.at + b.ms))[0];
  const after = answers.filter((a) => firstAfter !== undefined && a.at > firstAfter.at + firstAfter.ms);
  const shutdown = answers.filter((a) => a.at + a.ms >= stopping && a.at < stopped);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const tally = (list: Answer[]) =>
    JSON.stringify(
      Object.fromEntries([...new Set(list.map((a) => a.status))].sort().map((s) => [s, list.filter((a) => a.status === s).length])),
    );
  const recovery = firstAfter === undefined ? NaN : firstAfter.at + firstAfter.ms - back;
  process.stdout.write(
    `store-failure: ${answers.length} requests in ${((Date.now() - t0) / 1000).toFixed(1)} s; before the stop ${tally(before)}; ` +
      `while stopping (${stopped - stopping} ms) ${tally(shutdown)}; while down ${tally(down)}, 503 in ${median(down.map((a) => a.ms))} ms median, ${Math.max(...down.map((a) => a.ms))} ms at most; ` +
      `Virtuoso back after ${back - resuming} ms; first 200 ${recovery} ms after it answered; afterwards ${tally(after)}; unhandled rejections ${unhandled.length}\n`,
  );

  expect(before.length).toBeGreaterThan(0);
  expect(before.every((a) => a.status === 200)).toBe(true);
  expect(down.length).toBeGreaterThan(50);
  expect(down.filter((a) => a.status !== 503 || a.retryAfter === null)).toEqual([]);
  expect(Math.max(...down.map((a) => a.ms))).toBeLessThanOrEqual(TIMEOUT_MS + 1000);
  expect(shutdown.filter((a) => a.status !== 200 && a.status !== 503 && a.status !== 502)).toEqual([]); // queries cut by the shutdown: 502
  expect(recovery).toBeLessThanOrEqual(3000); // the circuit breaker retries after 1 s; the rest is this machine's noise
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((a) => a.status !== 200)).toEqual([]);
  expect(unhandled).toEqual([]);
}, 120_000);
