#!/usr/bin/env node
// Reconciliation batches on the embedded store: how long /reconcile takes to answer a batch
// of 100 queries (a form POST, as OpenRefine sends), on the shared YSO vocabularies (the
// issue's measure: "a batch of 100 queries answers within a second on the embedded YSO").
// Names: the prefLabels of concepts spread over the vocabulary, and the same with one letter
// changed in their longest word (the typo lookups are the costly part). Medians of 20
// batches each, after 3 unmeasured ones; memory as RSS. Needs ../shared and npm run build.
//
//   node bench/reconcile.mjs [--batches 20] [--file tmp/bench/synthetic-200000.nt.gz]
// --file measures that vocabulary instead (bench/generate-vocabulary.mjs writes synthetic
// ones); the first batch's time, which includes building the words-by-suffix list, is shown.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { typo } from './lib/columnNames.mjs';
import { startProcess } from './lib/processes.mjs';

const batches = Number(process.argv.includes('--batches') ? process.argv[process.argv.indexOf('--batches') + 1] : 20);
const fileArgument = process.argv.includes('--file') ? process.argv[process.argv.indexOf('--file') + 1] : undefined;
const FILES =
  fileArgument !== undefined
    ? { [fileArgument.replace(/^.*\//, '')]: fileArgument }
    : {
        'yso-skosmos-testdata': '../shared/vocabularies/yso-skosmos-testdata.ttl',
        'yso-2019.3-cicero': '../shared/vocabularies/yso-2019.3-cicero-preflabels-derived.nt.gz',
      };

/** prefLabels (the first of each statement) read from the file's text (enough for names to send). */
function labelsOf(file) {
  let text = readFileSync(file);
  if (file.endsWith('.gz')) text = gunzipSync(text);
  const labels = [...text.toString('utf8').matchAll(/(?:core#prefLabel>|skos:prefLabel)\s+"((?:[^"\\]|\\.)+)"/g)].map((m) =>
    JSON.parse(`"${m[1]}"`),
  );
  return [...new Set(labels)];
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
console.log('| vocabulary | labels | names | first batch | median batch of 100 | slowest batch | RSS after |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, file] of Object.entries(FILES)) {
  const labels = labelsOf(file);
  const service = await startProcess('dist/server.js', { DATA_FILES: file, LOG_LEVEL: 'info', CACHE_MAX_ENTRIES: '0' }, { ready: true });
  try {
    for (const [kind, form] of [
      ['prefLabels', (l) => l],
      ['one typo', typo],
    ]) {
      const times = [];
      let firstMs;
      for (let b = 0; b < batches + 3; b++) {
        const queries = Object.fromEntries(
          Array.from({ length: 100 }, (_, i) => [`q${i}`, { query: form(labels[((b * 100 + i) * 7) % labels.length]) }]),
        );
        const begun = performance.now();
        const response = await fetch(`${service.url}/reconcile`, {
          method: 'POST',
          body: new URLSearchParams({ queries: JSON.stringify(queries) }),
        });
        if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
        await response.json();
        if (b === 0) firstMs = performance.now() - begun;
        if (b >= 3) times.push(performance.now() - begun);
      }
      console.log(
        `| ${name} | ${labels.length} | ${kind} | ${firstMs.toFixed(0)} ms | ${median(times).toFixed(0)} ms | ${Math.max(...times).toFixed(0)} ms | ${service.memory().rss} MB |`,
      );
    }
  } finally {
    await service.stop();
  }
}
