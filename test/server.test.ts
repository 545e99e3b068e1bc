import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built entry point: `npm test` builds it first (pretest). */
const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));

interface Run {
  code: number | null;
  stderr: string;
}

/** Starts the real server process with `env`; resolves when it exits. */
function run(env: Record<string, string>, whileRunning?: (port: number) => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER], { env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env }, cwd: fileURLToPath(new URL('./fixtures/', import.meta.url)) });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (listening !== null && whileRunning !== undefined) {
        const task = whileRunning;
        whileRunning = undefined;
        task(Number(listening[1])).then(() => child.kill('SIGTERM'), (error: unknown) => {
          child.kill('SIGKILL');
          reject(error);
        });
      }
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('the server process', () => {
  beforeAll(() => {
    if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run the tests with npm test, which builds first`);
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
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^cannot start: SPARQL_TIMEOUT_MS: must be an integer/)]);
  });

  test('stops with exit status 2 naming a data file that does not parse, with its line and column', async () => {
    const { code, stderr } = await run({ DATA_FILES: 'tiny.nt,broken.ttl' });
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^cannot start: broken\.ttl: .*line 3 column \d+/)]);
  });

  test('stops with exit status 2 naming a data file that is missing', async () => {
    const { code, stderr } = await run({ DATA_FILES: 'nowhere.ttl' });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^cannot start: nowhere\.ttl: /);
  });
});
