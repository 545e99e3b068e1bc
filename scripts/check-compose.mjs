#!/usr/bin/env node
// Checks docker-compose.yml as far as a machine without Docker can (run by test:jena):
//
// 1. Its images and the paths, commands and ports it gives them agree with what those
//    images are. Facts read from the images' own Dockerfiles (github.com/stain/jena-docker,
//    commit 88b1d19 "Update to Jena 4.0.0", which tagged them 4.0.0): stain/jena puts Jena's
//    bin/ (tdb2.tdbloader) on PATH; stain/jena-fuseki declares VOLUME /fuseki, FUSEKI_BASE
//    /fuseki, FUSEKI_HOME /jena-fuseki with fuseki-server in it, and EXPOSE 3030. Whether the
//    tags are still on Docker Hub cannot be checked here (no network but npm and Debian).
// 2. The loader service's own shell command, run with Debian's Jena (4.5; the image has
//    4.0) in place of the image's tdb2.tdbloader, with the volume and the vocabulary mapped
//    to temporary folders: it loads the file the first time and skips the load the second.
// 3. The dataset that command built, served over the SPARQL protocol (scripts/jena.sh's
//    harness over ARQ and TDB2, the engine Fuseki runs, in place of Fuseki's HTTP layer) to
//    the service with the lookup service's environment from the file: /ready, /search and
//    /get answer from it.
//
// What is not checked: that Docker builds or starts anything, Fuseki's own HTTP layer and
// its command-line options (Debian does not package Fuseki), the network between the
// containers, and the lookup image's build (README, "Run it in a container").
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const root = resolve(new URL('..', import.meta.url).pathname);
const failures = [];
const check = (what, ok, detail = '') => {
  process.stderr.write(`compose: ${ok ? 'ok' : 'FAILED'}: ${what}${detail === '' ? '' : ` (${detail})`}\n`);
  if (!ok) failures.push(what);
};

// ---- 1. the file against the images' facts ------------------------------------------------
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'));
const { 'fuseki-load': loader, fuseki, lookup } = compose.services ?? {};
check('three services: fuseki-load, fuseki, lookup', loader !== undefined && fuseki !== undefined && lookup !== undefined);
check('the loader runs stain/jena:4.0.0', loader?.image === 'stain/jena:4.0.0', loader?.image);
check('Fuseki runs stain/jena-fuseki:4.0.0', fuseki?.image === 'stain/jena-fuseki:4.0.0', fuseki?.image);

const mount = (service, volume) =>
  (service?.volumes ?? []).map((entry) => String(entry).split(':')).find(([source]) => source === volume)?.[1];
const loaderData = mount(loader, 'fuseki-data');
const fusekiData = mount(fuseki, 'fuseki-data');
check(
  "both mount the named volume fuseki-data at the same place, inside the image's VOLUME /fuseki",
  loaderData !== undefined && loaderData === fusekiData && fusekiData.startsWith('/fuseki/'),
  `${loaderData}, ${fusekiData}`,
);
check('the volume is declared', compose.volumes !== undefined && 'fuseki-data' in compose.volumes);
const staging = (loader?.volumes ?? []).map(String).find((entry) => entry.includes('/staging/'));
const stagingTarget = staging?.replace(/:ro$/, '').split(':').at(-1); // the source may hold ${VOCABULARY:-...}
check('the vocabulary is mounted read-only for the loader', staging?.endsWith(':ro') === true, staging);

const [serverPath, ...serverArgs] = fuseki?.command ?? [];
check("Fuseki's command is fuseki-server in the image's FUSEKI_HOME", serverPath === '/jena-fuseki/fuseki-server', serverPath);
const location = serverArgs.find((arg) => arg.startsWith('--loc='))?.slice('--loc='.length);
const datasetName = serverArgs.find((arg) => arg.startsWith('/'));
check(
  'Fuseki serves a TDB2 dataset (--tdb2) from the volume',
  serverArgs.includes('--tdb2') && location?.startsWith(`${fusekiData}/`) === true,
  location,
);
const loaderCommand = (loader?.command ?? []).join('\n');
check(
  'the loader loads with tdb2.tdbloader into the folder Fuseki serves',
  loaderCommand.includes(`tdb2.tdbloader --loc ${location} ${stagingTarget}`),
  loaderCommand.trim(),
);
check(
  "Fuseki's port 3030 (the image's EXPOSE) is published on the loopback interface only",
  (fuseki?.ports ?? []).includes('127.0.0.1:3030:3030'),
);
check('Fuseki starts after the load has completed', fuseki?.depends_on?.['fuseki-load']?.condition === 'service_completed_successfully');
const endpoint = lookup?.environment?.SPARQL_ENDPOINT;
check("the lookup service asks Fuseki's dataset at its SPARQL endpoint", endpoint === `http://fuseki:3030${datasetName}/sparql`, endpoint);
check(
  'the lookup service uses the generic dialect, no graph (the loader fills the default graph)',
  lookup?.environment?.SPARQL_DIALECT === 'generic' && lookup?.environment?.SPARQL_GRAPH === undefined,
);

// ---- 2. the loader's command, with Debian's Jena --------------------------------------------
const work = mkdtempSync(join(tmpdir(), 'compose-'));
let service;
try {
  const volume = join(work, 'volume');
  const shims = join(work, 'bin');
  mkdirSync(volume);
  mkdirSync(shims);
  // tdb2.tdbloader as the image has it on PATH: Debian's, through scripts/jena.sh
  writeFileSync(join(shims, 'tdb2.tdbloader'), `#!/bin/sh\nexec bash '${root}/scripts/jena.sh' run tdb2.tdbloader "$@"\n`);
  chmodSync(join(shims, 'tdb2.tdbloader'), 0o755);
  const vocabulary = join(root, 'data/sample-vocabulary.ttl');
  const command = loaderCommand.replaceAll(fusekiData, volume).replaceAll(stagingTarget, vocabulary);
  const runLoader = () =>
    execFileSync('sh', ['-c', command], {
      env: { ...process.env, PATH: `${shims}:${process.env.PATH}` },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  runLoader();
  const dataset = location.replace(fusekiData, volume);
  check(
    'the first run of the loader command builds the TDB2 dataset',
    execFileSync('ls', [dataset], { encoding: 'utf8' }).includes('Data-0001'),
  );
  check('a second run skips the load', runLoader().includes('dataset already loaded'));

  // ---- 3. that dataset, served, behind the service -------------------------------------------
  const jenaDir = join(work, 'jena');
  mkdirSync(jenaDir);
  renameSync(dataset, join(jenaDir, 'tdb2'));
  const port = String(18893);
  const jena = (...args) =>
    execFileSync('bash', [join(root, 'scripts/jena.sh'), ...args], {
      env: { ...process.env, JENA_DIR: jenaDir, JENA_HTTP_PORT: port },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  jena('resume');
  try {
    service = spawn(process.execPath, [join(root, 'dist/server.js')], {
      env: { ...process.env, ...lookup.environment, SPARQL_ENDPOINT: `http://127.0.0.1:${port}/sparql`, PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    let url;
    for await (const chunk of service.stderr) {
      log += chunk;
      url = /listening on (http:\/\/[^ \n]+)\//.exec(log)?.[1];
      if (url !== undefined) break;
    }
    service.stderr.resume();
    let ready;
    for (let tries = 0; tries < 300 && ready?.status !== 200; tries++) {
      ready = await fetch(`${url}/ready`).catch(() => undefined);
      if (ready?.status !== 200) await new Promise((done) => setTimeout(done, 100));
    }
    check('the service is ready on that dataset', ready?.status === 200);
    const search = await (await fetch(`${url}/search?q=tea`)).json();
    check(
      "/search finds the sample vocabulary's tea",
      search.concepts?.[0]?.uri === 'https://example.org/food/tea',
      JSON.stringify(search).slice(0, 120),
    );
    const got = await (await fetch(`${url}/get?uri=${encodeURIComponent('https://example.org/food/tea')}`)).json();
    check('/get returns it with its labels', got._embedded?.concepts?.[0]?.prefLabel === 'Tea');
  } finally {
    service?.kill();
    jena('stop');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(failures.length === 0 ? 'compose: every check passed' : `compose: ${failures.length} check(s) failed`);
process.exit(failures.length === 0 ? 0 : 1);
