// Child processes of the benchmark: the service (dist/server.js) and the bare Express
// reference, each on its own port, with their memory read from /proc.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Starts `script` with `env`; resolves when it logs the address it listens on, or with
 * `ready`, once its /ready answers 200 (the service listens before its data is in).
 * `listenedMs` and `readyMs` count from the spawn; `log` is what it logged until then.
 * `listening(url)` is called once it listens, before the wait for /ready (a client typing from
 * the first second).
 */
export async function startProcess(script, env, { timeoutSeconds = 3600, nodeArgs = [], ready = false, listening = () => {} } = {}) {
  const spawned = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    // MALLOC_MMAP_THRESHOLD_ as `npm start` and the container set it (src/memoryAdvice.ts)
    env: { ...process.env, PORT: '0', MALLOC_MMAP_THRESHOLD_: '131072', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start within ${timeoutSeconds} s: ${log.slice(-2000)}`)),
      timeoutSeconds * 1000,
    );
    child.stderr.on('data', (chunk) => {
      log += chunk;
      const match = /listening on (http:\/\/[^ \n"]+?)\/?"/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} stopped (${code}): ${log.slice(-2000)}`)));
  });
  const listenedMs = performance.now() - spawned;
  listening(url);
  let readyMs = listenedMs;
  if (ready) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${script} stopped (${child.exitCode}): ${log.slice(-2000)}`);
      if (performance.now() - spawned > timeoutSeconds * 1000)
        throw new Error(`${script} was not ready within ${timeoutSeconds} s: ${log.slice(-2000)}`);
      const response = await fetch(`${url}/ready`).catch(() => undefined);
      await response?.arrayBuffer();
      if (response?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    readyMs = performance.now() - spawned;
  }
  child.stderr.removeAllListeners('data');
  child.stderr.resume(); // request log lines are read and dropped, as a log shipper would
  return {
    url,
    /** The process itself, for a signal of the caller's choosing. */
    child,
    listenedMs,
    readyMs,
    log,
    /** Resolves with the match of `pattern` in what it logged, now or later (undefined after `timeoutMs`). */
    waitFor(pattern, timeoutMs = 600_000) {
      const now = pattern.exec(log);
      if (now !== null) return Promise.resolve(now);
      let more = '';
      return new Promise((resolve) => {
        const timer = setTimeout(() => done(undefined), timeoutMs);
        const follow = (chunk) => {
          more += chunk;
          const match = pattern.exec(more);
          if (match !== null) done(match);
        };
        const done = (match) => {
          clearTimeout(timer);
          child.stderr.off('data', follow);
          resolve(match);
        };
        child.stderr.on('data', follow);
      });
    },
    /** Resident memory now, and at its peak (VmHWM), in MB. */
    memory() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const mb = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) / 1024);
      return { rss: mb('VmRSS'), peak: mb('VmHWM') };
    },
    stop() {
      child.removeAllListeners('exit');
      return new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    },
  };
}
