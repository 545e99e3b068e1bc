#!/usr/bin/env node
// Checks docker-compose.yml as far as a machine without Docker can (run by test:fuseki):
//
// 1. Its Fuseki image and the paths, commands and ports it gives it agree with what that image
//    is. Facts read from the Jena project's own Dockerfile at the tag jena-5.6.0
//    (jena-fuseki2/jena-fuseki-docker, fetched from github.com/apache/jena): it is built with
//    the build argument JENA_VERSION; WORKDIR and FUSEKI_DIR are /fuseki, where it puts
//    jena-fuseki-server-${JENA_VERSION}.jar (ENV FUSEKI_JAR) and makes databases/; ENV
//    JAVA_HOME (a minimal Java) and JAVA_OPTIONS; EXPOSE 3030; its entry point runs
//    `exec "$JAVA_HOME/bin/java" $JAVA_OPTIONS -jar "${FUSEKI_DIR}/${FUSEKI_JAR}" "$@"`. The
//    version must be the one scripts/fuseki/pom.xml pins, which the tests run.
// 2. The loader service's own shell command, run here with the same jar (scripts/fuseki.sh jar)
//    and the image's environment, the volume and the vocabulary mapped to temporary folders:
//    it loads the file the first time and skips the load the second.
// 3. The dataset that command built, served by that jar with the fuseki service's own
//    arguments (plus a private port and the loopback interface), to the service with the lookup
//    service's environment from the file: /ready, /search and /get answer from it.
//
// What is not checked: that Docker builds the image from that Git context or starts anything,
// the minimal Java the image makes with jlink, the network between the containers, and the
// lookup image's build (docs/production.md, "Run it in a container").
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';

const root = resolve(new URL('..', import.meta.url).pathname);
const failures = [];
const check = (what, ok, detail = '') => {
  process.stderr.write(`compose: ${ok ? 'ok' : 'FAILED'}: ${what}${detail === '' ? '' : ` (${detail})`}\n`);
  if (!ok) failures.push(what);
};

// ---- 1. the file against the image's facts ------------------------------------------------
const version = /<jena\.version>([^<]+)<\/jena\.version>/.exec(readFileSync(join(root, 'scripts/fuseki/pom.xml'), 'utf8'))?.[1];
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const { 'fuseki-load': loader, fuseki, lookup } = compose.services ?? {};
check('three services: fuseki-load, fuseki, lookup', loader !== undefined && fuseki !== undefined && lookup !== undefined);
for (const [name, service] of [
  ['the loader', loader],
  ['Fuseki', fuseki],
]) {
  check(
    `${name} builds the Jena project's Fuseki image at the tag jena-${version}`,
    service?.build?.context === `https://github.com/apache/jena.git#jena-${version}:jena-fuseki2/jena-fuseki-docker`,
    service?.build?.context,
  );
  check(`${name} builds it for the version the tests run (${version})`, service?.build?.args?.JENA_VERSION === version);
}
const mount = (service, volume) =>
  (service?.volumes ?? []).map((entry) => String(entry).split(':')).find(([source]) => source === volume)?.[1];
const loaderData = mount(loader, 'fuseki-data');
const fusekiData = mount(fuseki, 'fuseki-data');
check(
  "both mount the named volume fuseki-data at the image's /fuseki/databases",
  loaderData === '/fuseki/databases' && fusekiData === '/fuseki/databases',
  `${loaderData}, ${fusekiData}`,
);
check('the volume is declared', compose.volumes !== undefined && 'fuseki-data' in compose.volumes);
const staging = (loader?.volumes ?? []).map(String).find((entry) => entry.includes(':/staging'));
check('the vocabulary folder is mounted read-only for the loader', staging?.endsWith(':/staging:ro') === true, staging);

const serverArgs = fuseki?.command ?? [];
const location = serverArgs.find((arg) => arg.startsWith('--loc='))?.slice('--loc='.length);
const datasetName = serverArgs.at(-1);
check(
  'Fuseki serves a TDB2 dataset (--tdb2) from the volume, as its last argument names it',
  serverArgs.includes('--tdb2') && location?.startsWith(`${fusekiData}/`) === true && datasetName?.startsWith('/') === true,
  serverArgs.join(' '),
);
check("Fuseki's entry point is the image's (the jar): the service gives arguments only", fuseki?.entrypoint === undefined);
// compose turns $$ into $; the image's environment then fills the variables
const loaderCommand = (loader?.command ?? []).join('\n').replaceAll('$$', '$');
check(
  "the loader runs TDB2's loader from the image's jar, with the image's Java, into the folder Fuseki serves",
  loaderCommand.includes(
    `"$JAVA_HOME/bin/java" $JAVA_OPTIONS -cp "/fuseki/$FUSEKI_JAR" tdb2.tdbloader --loc ${location} "/staging/$VOCABULARY_FILE"`,
  ),
  loaderCommand.trim(),
);
check("the file's name is kept (its extension says its format)", loader?.environment?.VOCABULARY_FILE !== undefined);
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

// ---- 2. the loader's command, with the same jar ---------------------------------------------
const jar = execFileSync('bash', [join(root, 'scripts/fuseki.sh'), 'jar'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
}).trim();
const java = execFileSync('sh', ['-c', 'readlink -f "$(command -v java)"'], { encoding: 'utf8' }).trim();
const work = mkdtempSync(join(tmpdir(), 'compose-'));
let server;
let service;
try {
  // the image's /fuseki, here: the jar and the volume
  const fusekiDir = join(work, 'fuseki');
  mkdirSync(join(fusekiDir, 'databases'), { recursive: true });
  symlinkSync(jar, join(fusekiDir, `jena-fuseki-server-${version}.jar`));
  const inImage = (text) => text.replaceAll('/fuseki/', `${fusekiDir}/`).replaceAll('/staging/', `${join(root, 'data')}/`);
  const imageEnv = {
    ...process.env,
    JAVA_HOME: dirname(dirname(java)),
    JAVA_OPTIONS: '-Xmx1g',
    FUSEKI_JAR: `jena-fuseki-server-${version}.jar`,
    VOCABULARY_FILE: 'sample-vocabulary.ttl',
  };
  const runLoader = () =>
    execFileSync('sh', ['-c', inImage(loaderCommand)], { env: imageEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  runLoader();
  check(
    'the first run of the loader command builds the TDB2 dataset',
    execFileSync('ls', [inImage(location)], { encoding: 'utf8' }).includes('Data-0001'),
  );
  check('a second run skips the load', runLoader().includes('dataset already loaded'));

  // ---- 3. that dataset, served with the fuseki service's arguments, behind the service ------------
  const port = '18893';
  server = spawn(java, ['-Xmx1g', '-jar', jar, `--port=${port}`, '--localhost', ...serverArgs.map(inImage)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr.resume();
  const sparql = `http://127.0.0.1:${port}${datasetName}/sparql`;
  let answered = false;
  for (let tries = 0; tries < 240 && !answered; tries++) {
    answered = (await fetch(`${sparql}?query=${encodeURIComponent('ASK {}')}`).catch(() => undefined))?.ok === true;
    if (!answered) await new Promise((done) => setTimeout(done, 250));
  }
  check("Fuseki serves the dataset with the fuseki service's arguments", answered);
  service = spawn(process.execPath, [join(root, 'dist/server.js')], {
    env: { ...process.env, ...lookup.environment, SPARQL_ENDPOINT: sparql, PORT: '0', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  let url;
  for await (const chunk of service.stderr) {
    log += chunk;
    url = /listening on (http:\/\/[^ \n"]+)\//.exec(log)?.[1];
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
  server?.kill();
  rmSync(work, { recursive: true, force: true });
}

console.log(failures.length === 0 ? 'compose: every check passed' : `compose: ${failures.length} check(s) failed`);
process.exit(failures.length === 0 ? 0 : 1);
