#!/usr/bin/env node
// First figures for /search and /suggest on Virtuoso, uncached, one request at a time:
//   node bench/first-figures.mjs [--concepts 200000] [--runs 40] [--baseline DIR] [--vocabularies synthetic,stw]
// For each vocabulary (the synthetic one from bench/generate-vocabulary.mjs, and
// ../shared/vocabularies/stw-9.06.ttl) it starts a private Virtuoso with scripts/virtuoso.sh,
// loads the file, starts the service in the generic and the virtuoso dialects (cache off),
// and times /suggest for prefixes of 1 to 6 letters and /search for whole words, taken from
// the vocabulary's own labels: with LABEL_INDEX=off (the dialect's own queries match and
// rank), and with the label index (LABEL_INDEX=on, built from the store before the timing).
// Prints a Markdown table; medians and 95th percentiles. With --baseline DIR (another,
// built checkout, e.g. a git worktree of an older commit), each no-index row is timed from
// that checkout too, right before the current one, so that the two compare within one run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { gunzipSync } from 'node:zlib';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const concepts = Number(args.concepts ?? 200000);
const baseline = args.baseline;
const runs = Number(args.runs ?? 40);
const synthetic = `tmp/bench/synthetic-${concepts}.nt.gz`;
if (!existsSync(synthetic) && (args.vocabularies ?? 'synthetic').includes('synthetic'))
  execFileSync(process.execPath, ['bench/generate-vocabulary.mjs', '--concepts', String(concepts)], { stdio: 'inherit' });
const chosen = (args.vocabularies ?? 'synthetic,stw').split(',');
const vocabularies = [
  { key: 'synthetic', name: `synthetic ${concepts.toLocaleString('en')}`, file: synthetic },
  { key: 'stw', name: 'STW 9.06 (6,244)', file: '../shared/vocabularies/stw-9.06.ttl' },
].filter((vocabulary) => chosen.includes(vocabulary.key) && existsSync(vocabulary.file));

const endpoint = `http://127.0.0.1:${process.env.VIRTUOSO_HTTP_PORT ?? 18890}/sparql`;
const graph = process.env.VIRTUOSO_GRAPH ?? 'urn:x-skos-lookup:data';
const virtuoso = (...command) => execFileSync('bash', ['scripts/virtuoso.sh', ...command], { stdio: ['ignore', 'ignore', 'inherit'] });

/** A deterministic sample of label words (letters only, at least 6 of them), spread over the file. */
function sampleWords(file, count) {
  let text = readFileSync(file);
  if (file.endsWith('.gz')) text = gunzipSync(text);
  const labels = [...text.toString('utf8').matchAll(/prefLabel>?\s+"([^"]+)"@(en|de)/g)].map((match) => match[1]);
  const words = [...new Set(labels.flatMap((label) => label.match(/\p{L}{6,}/gu) ?? []))];
  const step = Math.max(1, Math.floor(words.length / count));
  return Array.from({ length: count }, (_, i) => words[(i * step + 7) % words.length].toLowerCase());
}

async function startService(dialect, labelIndex, directory = '.') {
  const child = spawn(process.execPath, [`${directory}/dist/server.js`], {
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'info',
      CACHE_MAX_ENTRIES: '0',
      SPARQL_ENDPOINT: endpoint,
      SPARQL_GRAPH: graph,
      SPARQL_DIALECT: dialect,
      SPARQL_TIMEOUT_MS: '60000',
      LABEL_INDEX: labelIndex,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  for await (const chunk of child.stderr) {
    log += chunk;
    const match = /listening on (http:\/\/[^ \n]+)\//.exec(log);
    if (match) return { url: match[1], child };
  }
  throw new Error(`the service did not start: ${log}`);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
async function time(url, paths) {
  const timings = [];
  for (const path of paths) {
    const started = process.hrtime.bigint();
    const response = await fetch(url + path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  timings.sort((a, b) => a - b);
  return `${percentile(timings, 50).toFixed(0)} / ${percentile(timings, 95).toFixed(0)}`;
}

execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
const baselineName =
  baseline === undefined
    ? undefined
    : `baseline ${execFileSync('git', ['-C', baseline, 'rev-parse', '--short', 'HEAD']).toString().trim()}`;
const rows = [];
try {
  for (const vocabulary of vocabularies) {
    virtuoso('start');
    virtuoso('load', vocabulary.file);
    const words = sampleWords(vocabulary.file, runs);
    const settings = [
      ['generic', 'off'],
      ['virtuoso', 'off'],
      ['generic', 'on'],
    ];
    for (const [dialect, labelIndex, directory] of settings.flatMap((setting) =>
      baseline !== undefined && setting[1] === 'off' ? [[...setting, baseline], setting] : [setting],
    )) {
      const service = await startService(dialect, labelIndex, directory);
      try {
        await time(service.url, [`/suggest?q=${encodeURIComponent(words[0])}`]); // warm-up
        const cells = [];
        for (let letters = 1; letters <= 6; letters++) {
          cells.push(
            await time(
              service.url,
              words.map((word) => `/suggest?q=${encodeURIComponent(word.slice(0, letters))}`),
            ),
          );
        }
        cells.push(
          await time(
            service.url,
            words.map((word) => `/search?q=${encodeURIComponent(word)}`),
          ),
        );
        const matching = labelIndex === 'on' ? 'label index' : `${dialect}, no index${directory === undefined ? '' : ` (${baselineName})`}`;
        rows.push(`| ${vocabulary.name} | ${matching} | ${cells.join(' | ')} |`);
        process.stderr.write(`${rows.at(-1)}\n`);
      } finally {
        service.child.kill();
      }
    }
  }
} finally {
  virtuoso('stop');
}
console.log(`Virtuoso 7.2 (Debian), uncached, one request at a time, ${runs} distinct requests per cell; p50 / p95 in ms.
Machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB. Command: \`node bench/first-figures.mjs --concepts ${concepts} --runs ${runs}${baseline === undefined ? '' : ` --baseline ${baseline}`}\`.

| vocabulary | matching | suggest 1 letter | 2 | 3 | 4 | 5 | 6 | search word |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`);
