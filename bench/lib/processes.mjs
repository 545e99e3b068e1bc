// Child processes of the benchmark: the service (dist/server.js) and the bare Express
// reference, each on its own port, with their memory read from /proc.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Starts `script` with `env`; resolves when it logs the address it listens on. */
export async function startProcess(script, env, { timeoutSeconds = 1200, nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, script], { env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within ${timeoutSeconds} s: ${log.slice(-2000)}`)), timeoutSeconds * 1000);
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
  child.stderr.removeAllListeners('data');
  child.stderr.resume(); // request log lines are read and dropped, as a log shipper would
  return {
    url,
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
