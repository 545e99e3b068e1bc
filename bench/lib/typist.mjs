// A client typing into /suggest while a service builds its label index: two keystrokes a
// second, each the next prefix of a word from the vocabulary's labels, whatever the answer
// takes. Used by `bench/typing-during-build.mjs` and by `npm run bench`'s cold starts.
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './measure.mjs';

/** Words to type: those of a few hundred prefLabels, from the store itself (`graph` optional). */
export async function wordsFromStore(endpoint, graph) {
  const query = 'SELECT ?label WHERE { ?c <http://www.w3.org/2004/02/skos/core#prefLabel> ?label } LIMIT 300';
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/sparql-results+json' },
    body: new URLSearchParams({ query, ...(graph ? { 'default-graph-uri': graph } : {}) }),
  });
  const labels = (await response.json()).results.bindings.map((row) => row.label.value);
  return labels.flatMap((label) => label.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length >= 3);
}

/**
 * Starts typing `words` into `url`'s /suggest at once. `stop()` ends it and resolves with the
 * keystrokes sent: how many, by status (a number, `timeout` after 30 s, `refused`), and p50 /
 * p95 / max ms.
 */
export function startTypist(url, words) {
  const keystrokes = [];
  let typing = true;
  const typed = (async () => {
    for (let word = 0; typing; word++) {
      const text = words[word % words.length];
      for (let length = 1; length <= text.length && typing; length++) {
        const sent = performance.now();
        const next = sleep(500);
        try {
          const response = await fetch(`${url}/suggest?q=${encodeURIComponent(text.slice(0, length))}`, {
            signal: AbortSignal.timeout(30_000),
          });
          await response.arrayBuffer();
          keystrokes.push({ status: response.status, ms: performance.now() - sent });
        } catch (error) {
          keystrokes.push({ status: error.name === 'TimeoutError' ? 'timeout' : 'refused', ms: performance.now() - sent });
        }
        await next;
      }
    }
  })();
  return {
    async stop() {
      typing = false;
      await typed;
      const statuses = {};
      for (const k of keystrokes) statuses[k.status] = (statuses[k.status] ?? 0) + 1;
      const ms = keystrokes.map((k) => k.ms).sort((a, b) => a - b);
      return { count: keystrokes.length, statuses, p50: percentile(ms, 50), p95: percentile(ms, 95), max: Math.max(0, ...ms) };
    },
  };
}
