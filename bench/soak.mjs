#!/usr/bin/env node
// npm run soak [-- --seconds 600 --clients 32 --data FILE]: drives unique requests at
// saturation against the built service on the embedded store (by default YSO from
// ../shared/vocabularies when it is there, else the sample vocabulary), with the default
// cache settings, and reports the service's RSS every 30 s. Memory should be flat once the
// cache has filled; the last line compares the RSS after warm-up with the RSS at the end.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { startProcess } from './lib/processes.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const seconds = Number(args.seconds ?? 600);
const clients = Number(args.clients ?? 32);
const yso = '../shared/vocabularies/yso-2019.3-cicero-preflabels-derived.nt.gz';
const data = args.data ?? (existsSync(yso) ? yso : 'data/sample-vocabulary.ttl');
const every = Math.min(30, seconds / 4);

execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
// request lines are read and dropped (LOG_LEVEL=info, as in production)
const service = await startProcess('dist/server.js', { LOG_LEVEL: 'info', DATA_FILES: data }, { ready: true });
const url = service.url;
const rss = () => service.memory().rss;
const letters = 'abcdefghijklmnopqrstuvwxyzäöåé';
const random = (n) => Math.floor(Math.random() * n);
const word = () => Array.from({ length: 1 + random(8) }, () => letters[random(letters.length)]).join('');
function path() {
  const kind = random(10);
  if (kind < 5) return `/suggest?q=${encodeURIComponent(word())}&count=${1 + random(100)}`;
  if (kind < 8) return `/search?q=${encodeURIComponent(`${word()} ${word()}`)}&page=${1 + random(3)}`;
  return `/get?uri=${encodeURIComponent(`http://www.yso.fi/onto/yso/p${random(40000)}`)}&uri=${encodeURIComponent(`https://example.org/food/${word()}`)}`;
}

const started = Date.now();
const samples = [];
const statuses = new Map();
let requests = 0;
const sampler = setInterval(() => {
  const sample = { s: Math.round((Date.now() - started) / 1000), rss: rss(), requests };
  samples.push(sample);
  process.stderr.write(`soak: ${sample.s} s, RSS ${sample.rss} MB, ${requests} requests\n`);
}, every * 1000);
samples.push({ s: 0, rss: rss(), requests: 0 });
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (Date.now() - started < seconds * 1000) {
      const response = await fetch(url + path());
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      requests++;
    }
  }),
);
clearInterval(sampler);
samples.push({ s: Math.round((Date.now() - started) / 1000), rss: rss(), requests });
await service.stop();

const warm = samples.find((sample) => sample.s >= Math.min(60, seconds / 2)) ?? samples[1];
const last = samples.at(-1);
console.log(`Soak: ${seconds} s, ${clients} clients, unique requests, embedded store with \`${data}\`, default cache (10,000 entries, 64 MiB).
Machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB. Command: \`npm run soak -- --seconds ${seconds} --clients ${clients}\`.

| time (s) | RSS (MB) | requests so far |
|---|---|---|
${samples.map((sample) => `| ${sample.s} | ${sample.rss} | ${sample.requests} |`).join('\n')}

${requests} requests (${Math.round(requests / seconds)}/s), statuses ${JSON.stringify(Object.fromEntries(statuses))}.
soak: rss_after_warmup_mb=${warm.rss} rss_end_mb=${last.rss} growth_mb=${last.rss - warm.rss}`);
