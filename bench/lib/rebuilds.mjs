// Rebuilds of a running service's label index, one after the other, with its resident memory:
// used by `npm run bench:rebuild` and by `npm run bench`'s large backends.
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const BUILT = /label index: \d+ concepts/g;

/**
 * The RSS at rest `settleMs` after `service` (a startProcess child) is ready; then sends it
 * SIGHUP `rebuilds` times, each once the index
 * before it is in and `settleMs` have passed (the service collects 2 s and 30 s after it swaps an
 * index). For each: the RSS at rest before, the peak from the signal to the new index in use (the
 * kernel's VmHWM, reset through /proc/PID/clear_refs before the signal, and sampled every 50 ms
 * where that reset is not allowed), the time to the new index, and the RSS at rest after.
 */
export async function measureRebuilds(service, { rebuilds, settleMs = 35_000, say = () => {} }) {
  let log = '';
  const follow = (chunk) => (log += chunk);
  service.child.stderr.on('data', follow);
  const built = () => (log.match(BUILT) ?? []).length;
  await sleep(settleMs);
  const ready = service.memory().rss;
  const rows = [];
  let rest = ready;
  try {
    for (let i = 1; i <= rebuilds; i++) {
      const before = built();
      const reset = resetPeak(service.child.pid);
      let sampled = service.memory().rss;
      const sampling = setInterval(() => (sampled = Math.max(sampled, service.memory().rss)), 50);
      const began = performance.now();
      service.child.kill('SIGHUP');
      while (built() === before) {
        if (service.child.exitCode !== null) throw new Error(`the service stopped during rebuild ${i}: ${log.slice(-2000)}`);
        await sleep(50);
      }
      const seconds = (performance.now() - began) / 1000;
      clearInterval(sampling);
      const peak = reset ? service.memory().peak : sampled;
      await sleep(settleMs);
      const after = service.memory().rss;
      say(`rebuild ${i}: ${seconds.toFixed(1)} s, peak ${peak} MB (at rest before: ${rest} MB), at rest after: ${after} MB`);
      rows.push({ rebuild: i, seconds, before: rest, peak, after });
      rest = after;
    }
  } finally {
    service.child.stderr.off('data', follow);
  }
  return { ready, rows };
}

/** Resets the process's VmHWM (Linux: "5" to clear_refs); false where that is not allowed. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The rows of a rebuild table: the first build, then each rebuild. */
export function rebuildTableRows({ firstPeak, ready, rows }) {
  return [
    ['once ready', '', '', `${firstPeak} MB`, `${ready} MB`],
    ...rows.map((row) => [
      `rebuild ${row.rebuild}`,
      `${row.seconds.toFixed(1)} s`,
      `${row.before} MB`,
      `${row.peak} MB`,
      `${row.after} MB`,
    ]),
  ];
}

export const REBUILD_COLUMNS = ['', 'new index in after', 'RSS at rest before', 'peak', 'RSS at rest after'];
