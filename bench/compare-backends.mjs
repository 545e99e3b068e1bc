#!/usr/bin/env node
// Asks the same requests of the service on the embedded store and on a running Virtuoso (in
// the generic and virtuoso dialects) and reports every answer that differs.
//   scripts/virtuoso.sh start && scripts/virtuoso.sh load FILE
//   node bench/compare-backends.mjs FILE [request...]
// Requests default to a handful of /get, /search and /suggest calls built from the file's
// first concepts. Exit status 1 when any answer differs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const [file, ...given] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: node bench/compare-backends.mjs FILE [request...]');
const endpoint = `http://127.0.0.1:${process.env.VIRTUOSO_HTTP_PORT ?? 18890}/sparql`;
const graph = process.env.VIRTUOSO_GRAPH ?? 'urn:x-skos-lookup:data';

async function start(name, env) {
  const child = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', CACHE_MAX_ENTRIES: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  for await (const chunk of child.stderr) {
    log += chunk;
    const match = /listening on (http:\/\/[^ \n]+)\//.exec(log);
    if (match) return { name, url: match[1], child };
    if (/cannot start/.test(log)) throw new Error(`${name}: ${log}`);
  }
  throw new Error(`${name} stopped: ${log}`);
}

const backends = await Promise.all([
  start('embedded', { DATA_FILES: file }),
  start('virtuoso/generic', { SPARQL_ENDPOINT: endpoint, SPARQL_GRAPH: graph, SPARQL_DIALECT: 'generic' }),
  start('virtuoso/virtuoso', { SPARQL_ENDPOINT: endpoint, SPARQL_GRAPH: graph, SPARQL_DIALECT: 'virtuoso' }),
]);
const fetchJson = async (url) => (await fetch(url)).text();
let requests = given;
if (requests.length === 0) {
  const sample = JSON.parse(await fetchJson(`${backends[0].url}/suggest?q=a&count=5`)).concepts;
  const uris = sample.map((concept) => concept.uri);
  const words = sample.flatMap((concept) => concept.prefLabel.split(/[^\p{L}\p{N}]+/u)).filter((word) => word.length > 3);
  requests = [
    `/get?${uris.map((uri) => `uri=${encodeURIComponent(uri)}`).join('&')}`,
    ...words.slice(0, 5).map((word) => `/search?q=${encodeURIComponent(word)}`),
    ...words.slice(0, 5).map((word) => `/suggest?q=${encodeURIComponent(word.slice(0, 4))}`),
  ];
}
let differences = 0;
for (const request of requests) {
  const answers = await Promise.all(backends.map((backend) => fetchJson(backend.url + request)));
  const same = answers.every((answer) => answer === answers[0]);
  if (!same) differences++;
  console.log(`${same ? 'same' : 'DIFFERENT'}  ${request}  (${answers[0].length} bytes)`);
  if (!same) backends.forEach((backend, i) => console.log(`  ${backend.name}: ${answers[i].slice(0, 300)}`));
}
for (const backend of backends) backend.child.kill();
console.log(`compare-backends: ${requests.length - differences} passed, ${differences} failed`);
process.exit(differences === 0 ? 0 : 1);
