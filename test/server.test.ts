import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { runsOnGlibc } from '../src/memoryAdvice.js';
import { freePort } from './support/freePort.js';
import oxigraph from 'oxigraph';
import { EMPTY_RESULTS, misbehavingEndpoint } from './support/misbehavingEndpoint.js';
import { oxigraphEndpoint } from './support/oxigraphEndpoint.js';

/** The built entry point: `npm test` builds it first (pretest). */
const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));

interface Run {
  code: number | null;
  stderr: string;
}

/** The server processes `run` started: one a test left running (it timed out before its start) is killed after the file, not left to keep jest alive. */
const started = new Set<ChildProcess>();

/** Starts the real server process with `env`; resolves when it exits (sent SIGTERM after `whileRunning`, if still running). */
function run(
  env: Record<string, string>,
  whileRunning?: (port: number, child: ChildProcess) => Promise<void>,
  // the start is over: ready, or not ready saying why (a store the test fills with nothing holds no concept)
  beginAfter = /"(ready|started) in \d+ ms/,
  cwd = fileURLToPath(new URL('./fixtures/', import.meta.url)),
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER], {
      // as `npm start` sets it (memoryAdvice.ts)
      env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', MALLOC_MMAP_THRESHOLD_: '131072', ...env },
      cwd,
    });
    let stderr = '';
    const begin = (port: number): void => {
      if (whileRunning === undefined) return;
      const task = whileRunning;
      whileRunning = undefined;
      task(port, child).then(
        () => child.exitCode === null && child.kill('SIGTERM'),
        (error: unknown) => {
          child.kill('SIGKILL');
          reject(error);
        },
      );
    };
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // the service listens before its data is in: begin once it says it is ready
      const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (listening !== null && beginAfter.test(stderr)) begin(Number(listening[1]));
    });
    // A LOG_LEVEL that does not say "listening": wait for the given PORT to answer instead.
    if (env.PORT !== undefined && env.PORT !== '0') void waitForReady(Number(env.PORT)).then(() => begin(Number(env.PORT)), reject);
    started.add(child);
    child.on('exit', (code) => {
      started.delete(child);
      resolve({ code, stderr });
    });
  });
}

/** The log's lines (JSON: stderr is no terminal here), as level and message. */
function logLines(stderr: string): { level: string; msg: string }[] {
  return stderr
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const { level, msg } = JSON.parse(line) as { level: string; msg: string };
      return { level, msg };
    });
}

async function waitForReady(port: number): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if ((await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined))?.ok === true) return;
    await sleep(100);
  }
  throw new Error(`nothing answered on port ${port}`);
}

describe('the server process', () => {
  beforeAll(() => {
    if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run the tests with npm test, which builds first`);
  });
  afterAll(() => {
    for (const child of started) child.kill('SIGKILL');
  });

  test('starts on the sample vocabulary, answers, and exits 0 on SIGTERM', async () => {
    let answer: any;
    const { code, stderr } = await run({}, async (port) => {
      answer = await (await fetch(`http://127.0.0.1:${port}/suggest?q=tea`)).json();
    });
    expect(code).toBe(0);
    expect(answer.concepts[0].prefLabel).toBe('Tea');
    expect(stderr).toContain('loaded');
  });

  test('stops with exit status 2 and one line naming a malformed variable', async () => {
    const { code, stderr } = await run({ SPARQL_TIMEOUT_MS: 'soon' });
    expect(code).toBe(2);
    expect(logLines(stderr)).toEqual([
      { level: 'error', msg: expect.stringMatching(/^cannot start: SPARQL_TIMEOUT_MS: must be an integer/) },
    ]);
  });

  test('stops with exit status 2 naming a misspelt setting and the one meant, from the environment or from .env', async () => {
    const fromEnvironment = await run({ DATA_FILE: 'tiny.nt' });
    expect(fromEnvironment.code).toBe(2);
    expect(logLines(fromEnvironment.stderr)).toEqual([
      { level: 'error', msg: 'cannot start: DATA_FILE is not a setting; did you mean DATA_FILES?' },
    ]);
    const folder = mkdtempSync(join(tmpdir(), 'dotenv-'));
    writeFileSync(join(folder, '.env'), 'DATA_FILE=./mine.ttl\nVOCABULARY=./mine.ttl\n');
    const fromDotenv = await run({}, undefined, undefined, folder);
    expect(fromDotenv.code).toBe(2);
    expect(logLines(fromDotenv.stderr)).toEqual([
      { level: 'error', msg: 'cannot start: DATA_FILE (line 1 of .env) is not a setting; did you mean DATA_FILES?' },
    ]);
  });

  test('--help lists the settings with their defaults, --version says the version, and neither listens; another argument is refused with the help', async () => {
    const help = spawnSync(process.execPath, [SERVER, '--help'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('DATA_FILES');
    expect(help.stdout).toMatch(/^ {2}PORT \(default 3000; 0 to 65,535\)$/m);
    expect(help.stderr).toBe(''); // no log line: nothing started
    const version = spawnSync(process.execPath, [SERVER, '--version'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect([version.status, version.stdout]).toEqual([
      0,
      `${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`,
    ]);
    const wrong = spawnSync(process.execPath, [SERVER, '--port', '80'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect([wrong.status, wrong.stdout]).toEqual([2, '']);
    expect(wrong.stderr).toContain("Unknown option '--port'");
    expect(wrong.stderr).toContain('Usage:\n  skos-lookup [serve]');
  });

  test('stops with exit status 2 naming a data file that does not parse, with its line and column', async () => {
    const { code, stderr } = await run({ DATA_FILES: 'tiny.nt,broken.ttl' });
    expect(code).toBe(2);
    // it listened before it read the file: the last line says why it stopped
    expect(logLines(stderr).at(-1)?.msg).toMatch(/^cannot start: broken\.ttl: .*line 3 column \d+/);
  });

  test('stops with exit status 2 naming a data file that is missing, the setting, and the folder a relative path is read from', async () => {
    const { code, stderr } = await run({ DATA_FILES: 'nowhere.ttl' });
    expect(code).toBe(2);
    const folder = fileURLToPath(new URL('./fixtures/', import.meta.url)).replace(/\/$/, '');
    expect(logLines(stderr).at(-1)?.msg).toBe(
      `cannot start: DATA_FILES: nowhere.ttl cannot be read (ENOENT); a relative path is read from the folder the service starts in, ${folder}`,
    );
  });

  test('under npm start, SIGHUP to the process the start names (as the README says) reads the vocabulary again; npm and the service stay up, and SIGTERM to npm stops both', async () => {
    const project = fileURLToPath(new URL('..', import.meta.url));
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', PORT: '0', LOG_LEVEL: 'info' },
    });
    let stderr = '';
    npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const seen = async (pattern: RegExp): Promise<RegExpExecArray> => {
      for (let waited = 0; waited < 60_000; waited += 50) {
        const found = pattern.exec(stderr);
        if (found !== null) return found;
        await sleep(50);
      }
      throw new Error(`never logged ${pattern}: ${stderr.slice(-2000)}`);
    };
    try {
      const pid = Number((await seen(/process (\d+): SIGHUP to it reads the vocabulary again/))[1]);
      await seen(/ready in \d+ ms/);
      expect(pid).not.toBe(npm.pid);
      const builds = (): number => (stderr.match(/label index: \d+ concepts/g) ?? []).length;
      const before = builds();
      process.kill(pid, 'SIGHUP');
      await seen(/SIGHUP: reading the label index again/);
      for (let waited = 0; builds() === before && waited < 30_000; waited += 50) await sleep(50);
      expect(builds()).toBe(before + 1);
      expect(npm.exitCode).toBeNull();
      const port = Number((await seen(/listening on http:\/\/127\.0\.0\.1:(\d+)\//))[1]);
      expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
    } finally {
      npm.kill('SIGTERM');
      await once(npm, 'exit');
    }
    // npm passed SIGTERM on: the service is gone too
    expect(() => process.kill(Number(/process (\d+):/.exec(stderr)?.[1]), 0)).toThrow();
  }, 120_000);

  test('says that a setting has no effect in the mode the others choose, and that it listens before the vocabulary is in', async () => {
    const { stderr } = await run(
      { DATA_FILES: 'tiny.nt', SPARQL_DIALECT: 'virtuoso', LABEL_INDEX: 'off', INDEX_WORKERS: '2' },
      async () => {},
    );
    const lines = logLines(stderr);
    expect(lines).toContainEqual({
      level: 'warn',
      msg: 'SPARQL_DIALECT is ignored: SPARQL_ENDPOINT is not set, so the vocabulary is read from DATA_FILES into the embedded store',
    });
    expect(lines).toContainEqual({ level: 'warn', msg: 'INDEX_WORKERS is ignored: LABEL_INDEX=off, so no label index is built' });
    // the address line as scripts read it, then the line that says the data is not in yet
    const listening = lines.findIndex((line) => /^listening on http:\/\/127\.0\.0\.1:\d+\/$/.test(line.msg));
    expect(lines[listening + 1]).toEqual({
      level: 'info',
      msg: 'the vocabulary is still being read (the embedded store, loading tiny.nt): /ready answers 503 until it is in',
    });
  });

  test('on SIGTERM refuses new connections, finishes the request in flight, and exits 0', async () => {
    const store = await misbehavingEndpoint(
      (res) => void setTimeout(() => res.setHeader('Content-Type', 'application/sparql-results+json').end(EMPTY_RESULTS), 1500),
    );
    try {
      let inFlight: Response | undefined;
      let refused: unknown;
      const { code, stderr } = await run(
        { SPARQL_ENDPOINT: store.url, LABEL_INDEX: 'off', SPARQL_TIMEOUT_MS: '5000' },
        async (port, child) => {
          const pending = fetch(`http://127.0.0.1:${port}/get?uri=http://example.org/x`);
          await sleep(300);
          const exited = once(child, 'exit');
          child.kill('SIGTERM');
          await sleep(200);
          refused = await fetch(`http://127.0.0.1:${port}/ready`).catch((error: unknown) => error);
          inFlight = await pending;
          await exited;
        },
      );
      expect((refused as Error).message).toBe('fetch failed'); // nothing listens any more
      expect(inFlight?.status).toBe(200);
      expect(await inFlight?.json()).toEqual({ _links: { self: { href: '/get?uri=http://example.org/x' } }, _embedded: { concepts: [] } });
      expect(code).toBe(0);
      expect(stderr).toContain('finishing the requests in flight');
    } finally {
      await store.close();
    }
  });

  test('on SIGTERM during the heaviest request, waits SHUTDOWN_GRACE_SECONDS for it, cuts it off, and exits 0', async () => {
    const store = await misbehavingEndpoint(() => {}); // never answers
    try {
      let cut: unknown;
      let stoppedAfter = 0;
      const { code, stderr } = await run(
        { SPARQL_ENDPOINT: store.url, LABEL_INDEX: 'off', SPARQL_TIMEOUT_MS: '60000', SHUTDOWN_GRACE_SECONDS: '1' },
        async (port, child) => {
          const pending = fetch(`http://127.0.0.1:${port}/search?q=tea`).catch((error: unknown) => error);
          await sleep(300);
          const exited = once(child, 'exit');
          const stopped = Date.now();
          child.kill('SIGTERM');
          cut = await pending;
          await exited;
          stoppedAfter = Date.now() - stopped;
        },
        /listening on/,
      );
      expect((cut as Error).message).toBe('fetch failed'); // its connection was closed
      expect(code).toBe(0);
      expect(stderr).toMatch(/requests still in flight after 1 s \(SHUTDOWN_GRACE_SECONDS\) were cut off/);
      expect(stoppedAfter).toBeLessThan(30_000); // not the store's 60 s: the grace period, then the exit
    } finally {
      await store.close();
    }
  });

  test('while a large file loads into the embedded store, /health answers and /ready says how far the parse got', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'large-load-'));
    const file = join(folder, 'large.nt');
    const SKOS = 'http://www.w3.org/2004/02/skos/core#';
    const lines = Array.from(
      { length: 120_000 },
      (_, i) =>
        `<http://example.org/large/c${i}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <${SKOS}Concept> .\n` +
        `<http://example.org/large/c${i}> <${SKOS}prefLabel> "Large concept number ${i}"@en .\n` +
        `<http://example.org/large/c${i}> <${SKOS}altLabel> "Another name of large concept ${i}"@en .`,
    );
    writeFileSync(file, lines.join('\n'));
    try {
      const answers: Array<{ health: number; ready: number; message: string }> = [];
      const { code } = await run(
        { DATA_FILES: file },
        async (port) => {
          for (let tries = 0; tries < 600; tries++) {
            const health = await fetch(`http://127.0.0.1:${port}/health`);
            const ready = await fetch(`http://127.0.0.1:${port}/ready`);
            answers.push({
              health: health.status,
              ready: ready.status,
              message: ((await ready.json()) as { message?: string }).message ?? '',
            });
            if (ready.status === 200) break;
            await sleep(50);
          }
        },
        /listening on/,
      );
      expect(code).toBe(0);
      expect(answers.every((answer) => answer.health === 200)).toBe(true);
      expect(answers.at(-1)?.ready).toBe(200);
      // while the file was parsed: how far it got, in MiB and percent
      expect(answers.map((answer) => answer.message)).toContainEqual(
        expect.stringMatching(
          /^not ready: the SPARQL store is loading its data files: .*large\.nt \(file 1 of 1\), \d+\.\d of \d+\.\d MiB parsed \(\d+%\) in \d+ s$/,
        ),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  test('listens at once, says on /ready how far the label index has been read, and stops on SIGTERM meanwhile', async () => {
    // A real store behind an endpoint that holds back the last triple of each long answer for 20 s.
    const vocabulary = new oxigraph.Store();
    vocabulary.load(
      Array.from(
        { length: 1500 },
        (_, i) =>
          `<http://x/c${i}> a <http://www.w3.org/2004/02/skos/core#Concept> ; <http://www.w3.org/2004/02/skos/core#prefLabel> "Label ${i}"@en .`,
      ).join('\n'),
      { format: 'text/turtle' },
    );
    const store = await oxigraphEndpoint(vocabulary, { holdLastMs: 20_000 });
    try {
      let health: Response | undefined;
      let ready: { status: number; body: any } | undefined;
      const started = Date.now();
      const { code } = await run(
        { SPARQL_ENDPOINT: store.url },
        async (port) => {
          health = await fetch(`http://127.0.0.1:${port}/health`);
          for (let tries = 0; tries < 50; tries++) {
            const response = await fetch(`http://127.0.0.1:${port}/ready`);
            ready = { status: response.status, body: await response.json() };
            if (/building the label index: [1-9]\d* triples read/.test(ready.body.message)) break;
            await sleep(100);
          }
        },
        /listening on/,
      );
      expect(health?.status).toBe(200);
      expect(ready).toEqual({
        status: 503,
        body: {
          status: 503,
          error: 'Service Unavailable',
          message: expect.stringMatching(
            /^not ready: building the label index: [1-9]\d* triples read (of 3000 \(\d+%\)|\(\d+ of \d+ patterns counted so far: \d+\)) in \d+ s$/,
          ),
        },
      });
      expect(code).toBe(0);
      expect(Date.now() - started).toBeLessThan(15_000); // SIGTERM did not wait for the read
    } finally {
      await store.close();
    }
  });

  test('while the label index is built, answers each keystroke within a second: from the store when it answers at once, else 503 with the progress', async () => {
    const vocabulary = new oxigraph.Store();
    vocabulary.load(
      Array.from(
        { length: 1500 },
        (_, i) =>
          `<http://x/c${i}> a <http://www.w3.org/2004/02/skos/core#Concept> ; <http://www.w3.org/2004/02/skos/core#prefLabel> "Label ${i}"@en .`,
      ).join('\n'),
      { format: 'text/turtle' },
    );
    const misbehaviour = { holdLastMs: 20_000, slowSelectMs: 0 };
    const store = await oxigraphEndpoint(vocabulary, misbehaviour);
    try {
      const answers: Array<{ status: number; ms: number; retryAfter: string | null; body: any }> = [];
      const keystroke = async (port: number, q: string): Promise<void> => {
        const started = Date.now();
        const response = await fetch(`http://127.0.0.1:${port}/suggest?q=${q}`);
        answers.push({
          status: response.status,
          ms: Date.now() - started,
          retryAfter: response.headers.get('retry-after'),
          body: await response.json(),
        });
      };
      await run(
        { SPARQL_ENDPOINT: store.url },
        async (port) => {
          for (let tries = 0; tries < 50; tries++) {
            const ready = (await (await fetch(`http://127.0.0.1:${port}/ready`)).json()) as { message?: string };
            if (/building the label index: [1-9]\d* triples read/.test(ready.message ?? '')) break;
            await sleep(100);
          }
          await keystroke(port, 'label%2012'); // the store answers at once
          misbehaviour.slowSelectMs = 3000; // and now it takes seconds
          await keystroke(port, 'label%20123');
          await keystroke(port, 'label%201234'); // not asked: the store just took too long
          // browsing's lists go through the same gate: a scheme's top concepts may be all its concepts
          const started = Date.now();
          const top = await fetch(`http://127.0.0.1:${port}/top?scheme=http://x/scheme`);
          answers.push({
            status: top.status,
            ms: Date.now() - started,
            retryAfter: top.headers.get('retry-after'),
            body: await top.json(),
          });
        },
        /listening on/,
      );
      expect(answers[0]).toMatchObject({
        status: 200,
        body: { concepts: expect.arrayContaining([expect.objectContaining({ uri: 'http://x/c12' })]) },
      });
      for (const answer of answers.slice(1)) {
        expect(answer).toMatchObject({
          status: 503,
          body: {
            status: 503,
            message: expect.stringMatching(/^the label index is being built \(\d+ of \d+ triples read \(\d+%\) in \d+ s\)/),
          },
        });
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      }
      for (const answer of answers) expect(answer.ms).toBeLessThan(2500); // the gate, not the store (3 s), ends the wait: a bound on behaviour, wide of any timing
    } finally {
      await store.close();
    }
  });

  test("before the label index's build knows its size (the store slow to answer the start's first query), a keystroke is refused at once, not sent to the store", async () => {
    const vocabulary = new oxigraph.Store();
    vocabulary.load(
      `<http://x/c1> a <http://www.w3.org/2004/02/skos/core#Concept> ; <http://www.w3.org/2004/02/skos/core#prefLabel> "Label 1"@en .`,
      { format: 'text/turtle' },
    );
    // every SELECT takes 3 s: the start's SKOS-XL probe too, before which no build has begun
    const store = await oxigraphEndpoint(vocabulary, { slowSelectMs: 3000 });
    try {
      let answer: { status: number; ms: number; retryAfter: string | null; body: any } | undefined;
      await run(
        { SPARQL_ENDPOINT: store.url },
        async (port) => {
          const started = Date.now();
          const response = await fetch(`http://127.0.0.1:${port}/suggest?q=label`);
          answer = {
            status: response.status,
            ms: Date.now() - started,
            retryAfter: response.headers.get('retry-after'),
            body: await response.json(),
          };
        },
        /listening on/,
      );
      expect(answer).toMatchObject({
        status: 503,
        body: { message: expect.stringMatching(/^the label index is being built \(not started yet/) },
      });
      expect(Number(answer?.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(answer?.ms).toBeLessThan(2500); // the gate refuses, the store's 3 s are not waited for: a bound on behaviour, wide of any timing
    } finally {
      await store.close();
    }
  });

  test('logs each request as a JSON line with its id, method, path, status, duration and cache use', async () => {
    const { stderr } = await run({}, async (port) => {
      // each answer read to its end before the next request: a request is logged when its answer is finished
      await (await fetch(`http://127.0.0.1:${port}/suggest?q=tea`, { headers: { 'X-Request-Id': 'form-42' } })).text();
      await (await fetch(`http://127.0.0.1:${port}/suggest?q=tea`)).text();
      await (await fetch(`http://127.0.0.1:${port}/search`)).text();
    });
    const requests = stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      {
        level: 'info',
        time: expect.any(String),
        msg: 'request',
        id: 'form-42',
        method: 'GET',
        path: '/suggest',
        status: 200,
        ms: expect.any(Number),
        cache: 'miss',
      },
      {
        level: 'info',
        time: expect.any(String),
        msg: 'request',
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        method: 'GET',
        path: '/suggest',
        status: 200,
        ms: expect.any(Number),
        cache: 'hit',
      },
      {
        level: 'info',
        time: expect.any(String),
        msg: 'request',
        id: expect.any(String),
        method: 'GET',
        path: '/search',
        status: 400,
        ms: expect.any(Number),
      },
    ]);
    expect(stderr).not.toContain('tea'); // what people search for stays out of the log
  });

  test('logs which reconciliation properties it left out, and why, never their values', async () => {
    const queries = JSON.stringify({
      q0: {
        query: 'Tea',
        properties: [
          { pid: 'colour', v: 'crimson' },
          { pid: 'lang', v: 'not a tag' },
          { pid: 'broader', v: 'Beverages' },
        ],
      },
    });
    const { stderr } = await run({}, async (port) => {
      const response = await fetch(`http://127.0.0.1:${port}/reconcile`, { method: 'POST', body: new URLSearchParams({ queries }) });
      expect(response.status).toBe(200);
      await response.text();
    });
    const [line] = stderr
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text))
      .filter((entry) => entry.msg === 'request' && entry.path === '/reconcile');
    expect(line.ignored).toEqual([
      '"colour": not one of scheme, broader, notation, lang, prefLabel, altLabels, related, scopeNote',
      '"lang": not one language tag',
    ]);
    expect(stderr).not.toContain('crimson');
    expect(stderr).not.toContain('Beverages');
  });

  test('never writes the store password, or the Authorization header made from it, to logs or answers', async () => {
    const password = 'pa55-"w0rd"';
    const token = Buffer.from(`cataloguer:${password}`).toString('base64');
    // a store whose error page repeats the credentials it was sent
    const store = await misbehavingEndpoint((res) =>
      res.writeHead(500, { 'Content-Type': 'text/html' }).end(`<p>denied: ${res.req.headers.authorization} ${password}</p>`),
    );
    try {
      const bodies: string[] = [];
      const { stderr } = await run(
        { SPARQL_ENDPOINT: store.url, SPARQL_USER: 'cataloguer', SPARQL_PASSWORD: password, LABEL_INDEX: 'off', LOG_LEVEL: 'debug' },
        async (port) => {
          for (const path of ['/search?q=a', '/get?uri=http://example.org/x', '/ready'])
            bodies.push(await (await fetch(`http://127.0.0.1:${port}${path}`)).text());
        },
        /"started in \d+ ms, but not ready/,
      );
      expect(store.requests.length).toBeGreaterThan(0);
      expect(store.requests[0]?.headers.authorization).toBe(`Basic ${token}`);
      expect(stderr).toContain('[redacted]'); // the error page was logged, scrubbed
      for (const text of [stderr, ...bodies]) {
        expect(text).not.toContain(token);
        expect(text).not.toContain('pa55');
      }
    } finally {
      await store.close();
    }
  });

  test('says at start where the vocabulary comes from and which settings differ from the defaults; probes that answer 200 are logged at debug', async () => {
    const { stderr } = await run({ CACHE_MAX_ENTRIES: '50' }, async (port) => {
      for (const path of ['/health', '/ready', '/metrics', '/suggest?q=tea']) await fetch(`http://127.0.0.1:${port}${path}`);
    });
    const lines = logLines(stderr);
    expect(lines).toContainEqual({
      level: 'info',
      msg: expect.stringMatching(/^vocabulary: the embedded store, loading .*sample-vocabulary\.ttl$/),
    });
    expect(lines).toContainEqual({ level: 'info', msg: 'settings: PORT=0 CACHE_MAX_ENTRIES=50' });
    const requests = stderr.split('\n').filter((line) => line.includes('"msg":"request"'));
    expect(requests.map((line) => JSON.parse(line).path)).toEqual(['/suggest']);
  });

  test('check on a file of bare prefLabels: not ready, exit 1, with advice that can work for it (its types, stated in the data)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'bare-'));
    writeFileSync(
      join(folder, 'bare.ttl'),
      '@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n<http://example.org/a> skos:prefLabel "A"@en .\n<http://example.org/b> skos:prefLabel "B"@en .\n',
    );
    const checked = spawnSync(process.execPath, [SERVER, 'check'], {
      encoding: 'utf8',
      cwd: folder,
      env: { PATH: process.env.PATH ?? '', DATA_FILES: 'bare.ttl' },
    });
    expect(checked.status).toBe(1);
    const answer = JSON.parse(checked.stdout);
    expect(answer.status).toBe('not ready');
    expect(answer.message).toMatch(/no setting can make them concepts\. State their type in the data/);
    expect(answer.message).not.toContain('SKOS_ENTAILMENT');
  });

  test('LOG_FORMAT=pretty writes readable lines instead of JSON', async () => {
    const { stderr } = await run(
      { LOG_FORMAT: 'pretty' },
      async (port) => void (await fetch(`http://127.0.0.1:${port}/suggest?q=tea`)),
      /ready in \d+ ms/,
    );
    expect(stderr).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: listening on http:\/\/127\.0\.0\.1:\d+\/$/m);
    expect(stderr).toMatch(/INFO: request .*"path":"\/suggest"/);
    expect(stderr).not.toMatch(/^\{/m);
  });

  test('honours LOG_LEVEL: warn leaves the request lines out', async () => {
    const { stderr } = await run({ LOG_LEVEL: 'warn', PORT: String(await freePort()) }, async (port) => {
      await fetch(`http://127.0.0.1:${port}/suggest?q=tea`);
    });
    expect(stderr).toBe('');
  });

  (runsOnGlibc() ? test : test.skip)(
    'on glibc, says at the start that MALLOC_MMAP_THRESHOLD_ is not set, which a label index build needs to give memory back',
    async () => {
      const started = async (): Promise<void> => {};
      const { stderr } = await run({ LOG_LEVEL: 'warn', MALLOC_MMAP_THRESHOLD_: '', PORT: String(await freePort()) }, started);
      expect(logLines(stderr).map((line) => line.msg)).toEqual([expect.stringMatching(/^MALLOC_MMAP_THRESHOLD_ is not set: .*=131072/)]);
      const withoutIndex = await run(
        { LOG_LEVEL: 'warn', MALLOC_MMAP_THRESHOLD_: '', LABEL_INDEX: 'off', PORT: String(await freePort()) },
        started,
      );
      expect(withoutIndex.stderr).toBe('');
    },
  );

  test('refuses a SPARQL_ENDPOINT that holds credentials, without repeating them', async () => {
    const { code, stderr } = await run({ SPARQL_ENDPOINT: 'http://cataloguer:pa55word@127.0.0.1:1/sparql' });
    expect(code).toBe(2);
    expect(logLines(stderr).at(-1)?.msg).toMatch(/^cannot start: SPARQL_ENDPOINT: must not hold a user or password/);
    expect(stderr).not.toContain('pa55word');
  });
});

describe('npm start', () => {
  test('does not compile when the build is current, and SIGTERM to npm stops the server: nothing is left listening', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: fileURLToPath(new URL('../', import.meta.url)),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: String(port), LOG_LEVEL: 'info' },
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(npm, 'exit');
    try {
      for (let tries = 0; tries < 200 && !/ready in \d+ ms/.test(output); tries++) await sleep(100);
      expect(output).toMatch(/ready in \d+ ms/);
      expect(output).not.toContain('compiling'); // npm test built dist/ just before
      expect(output).not.toContain('MALLOC_MMAP_THRESHOLD_ is not set'); // npm start sets it
      npm.kill('SIGTERM');
      await exited;
      expect(output).toContain('stopping: finishing the requests in flight');
      await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    } finally {
      // a failed expectation above leaves no server behind (npm start execs it: npm's process is the server's)
      if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
    }
  }, 60_000);
});
