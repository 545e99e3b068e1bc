// The worst cases of a service already started on a vocabulary (its label index in, the
// result cache off), one client, one request at a time: /search over a mix that holds the 50
// words the most labels hold; a column of 10,000 names reconciled in batches of 10, one
// after the other and ten at a time (bench/reconcile-column.mjs); and, where the store is
// Virtuoso, Network of Terms side by side on the same words (bench/network-of-terms.mjs).
import { execFileSync } from 'node:child_process';
import { percentile } from './measure.mjs';

/** Each path asked `rounds` times, one request at a time: p50, p95 and max in ms. */
async function oneAtATime(url, paths, rounds) {
  const times = [];
  for (let round = 0; round < rounds; round++)
    for (const path of paths) {
      const began = performance.now();
      const response = await fetch(url + path);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      times.push(performance.now() - began);
    }
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1], answers: sorted.length };
}

/** A bench script's one JSON line. */
function script(file, args) {
  const out = execFileSync(process.execPath, [file, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out.trim().split('\n').pop());
}

/**
 * @param {{ url: string, data: string, vocabulary: { words: string[], commonest: string[] }, virtuoso?: { endpoint: string, graph: string } }} options
 */
export async function worstCases({ url, data, vocabulary, virtuoso }) {
  const q = encodeURIComponent;
  // the commonest words and 150 others spread over the vocabulary's words
  const step = Math.max(1, Math.floor(vocabulary.words.length / 150));
  const others = vocabulary.words.filter((_, i) => i % step === 0).slice(0, 150);
  const mix = [...vocabulary.commonest, ...others].map((word) => `/search?q=${q(word)}`);
  await oneAtATime(url, mix.slice(0, 20), 1); // warm-up
  const search = await oneAtATime(url, mix, 3);
  const commonest = await oneAtATime(
    url,
    vocabulary.commonest.map((word) => `/search?q=${q(word)}`),
    3,
  );
  const column = script('bench/reconcile-column.mjs', ['--service', url, '--file', data]);
  const parallel = script('bench/reconcile-column.mjs', ['--service', url, '--file', data, '--parallel', '10']);
  let peer;
  if (virtuoso !== undefined)
    try {
      peer = script('bench/network-of-terms.mjs', ['--endpoint', virtuoso.endpoint, '--graph', virtuoso.graph, '--service', url]);
    } catch (error) {
      peer = { error: String(error.message ?? error).split('\n')[0] };
    }
  return { search, commonest, column, parallel, peer };
}
