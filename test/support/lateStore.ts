import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** The built entry point: `npm test` builds it first (pretest). */
const SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

/** One round of asking the service while it waits for its store. */
export interface Round {
  /** Milliseconds since the store was started (negative before). */
  at: number;
  health: number;
  ready: { status: number; message?: string };
  /** The type-ahead request's status, its Retry-After, and how many concepts a 200 held. */
  suggest: { status: number; retryAfter: string | null; concepts?: number };
}

export interface LateStoreRun {
  rounds: Round[];
  /** Seconds from the store's start to the first /ready 200; undefined if it never came within `giveUpMs`. */
  readyAfter: number | undefined;
  /** The service's log (JSON lines). */
  log: string;
}

/**
 * Starts the service process (as `npm start` does) on `env` while its store is not there,
 * asks /health, /ready and `suggestPath` every 250 ms, starts the store after `delayMs`
 * (`arrive`), and goes on asking until /ready says ready (or `giveUpMs` after the store's
 * start), then stops the service with SIGTERM.
 */
export async function runBeforeStore(
  env: Record<string, string>,
  suggestPath: string,
  delayMs: number,
  arrive: () => Promise<void>,
  giveUpMs = 60_000,
): Promise<LateStoreRun> {
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', MALLOC_MMAP_THRESHOLD_: '131072', ...env },
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    let port: number | undefined;
    for (let waited = 0; port === undefined && waited < 20_000; waited += 50) {
      port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(log)?.[1]) || undefined;
      if (port === undefined) await sleep(50);
    }
    if (port === undefined) throw new Error(`the service did not listen:\n${log}`);
    const root = `http://127.0.0.1:${port}`;
    const rounds: Round[] = [];
    const ask = async (storeStarted: number | undefined, began: number): Promise<Round> => {
      const health = (await fetch(`${root}/health`)).status;
      const readyResponse = await fetch(`${root}/ready`);
      const readyBody = (await readyResponse.json()) as { message?: string };
      const suggestResponse = await fetch(root + suggestPath);
      const suggestBody = (await suggestResponse.json()) as { concepts?: unknown[] };
      return {
        at: Date.now() - (storeStarted ?? began + delayMs),
        health,
        ready: { status: readyResponse.status, ...(readyBody.message === undefined ? {} : { message: readyBody.message }) },
        suggest: {
          status: suggestResponse.status,
          retryAfter: suggestResponse.headers.get('retry-after'),
          ...(suggestResponse.status === 200 ? { concepts: suggestBody.concepts?.length ?? -1 } : {}),
        },
      };
    };
    const began = Date.now();
    while (Date.now() - began < delayMs) {
      rounds.push(await ask(undefined, began));
      await sleep(250);
    }
    const storeStarted = Date.now();
    await arrive();
    let readyAfter: number | undefined;
    while (readyAfter === undefined && Date.now() - storeStarted < giveUpMs) {
      const round = await ask(storeStarted, began);
      rounds.push(round);
      if (round.ready.status === 200) readyAfter = (Date.now() - storeStarted) / 1000;
      else await sleep(250);
    }
    return { rounds, readyAfter, log };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
}
