#!/usr/bin/env node
// npm run test:docker: the service's image and docker-compose.yml with a real Docker engine, as
// an institution runs them. Starts the project's private engine (scripts/docker-engine.sh),
// makes the base images no registry can give here (scripts/docker-base-images.sh), then:
//
// 1. builds the image from the Dockerfile and states its size and user;
// 2. brings docker-compose.yml up (laid over by test/docker/compose.test.yml: only where
//    Fuseki's image comes from, and the build's network), with the repository's sample
//    vocabulary and a settings file that sets DEFAULT_LANG=fr, waits for /ready, and asks the
//    examples of docs/production.md ("Compose"): /search, /get, /schemes, the reconciliation
//    manifest; the French answers show that the settings file reached the container;
// 3. stops every container with SIGTERM (docker stop) and checks that each exits within its
//    grace, then `docker compose down`, keeping the volumes;
// 4. brings it up again: the loader skips the load, and the index is read from its snapshot.
//
// Prints one "docker:" line per step and a closing "N passed, N failed" line. The engine and
// the compose project are left down (volumes removed) whatever happens.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.LOOKUP_PORT ?? 13000);
const base = `http://127.0.0.1:${port}`;
const project = 'skoslookuptest';
const results = { passed: 0, failed: 0 };
const say = (line) => process.stderr.write(`docker: ${line}\n`);
const check = (what, ok, detail = '') => {
  say(`${ok ? 'ok' : 'FAILED'}: ${what}${detail === '' ? '' : ` (${detail})`}`);
  results[ok ? 'passed' : 'failed']++;
};
const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options }).trim();

// ---- the engine, the base images, and Compose ----------------------------------------------
run('bash', ['scripts/docker-engine.sh', 'start']);
process.env.DOCKER_HOST = run('bash', ['scripts/docker-engine.sh', 'env']).replace(/^export DOCKER_HOST=/, '');
run('bash', ['scripts/docker-base-images.sh']);
run('bash', ['scripts/docker-compose.sh', 'install']);
const fusekiContext = join(root, 'tmp/docker/fuseki-context');
rmSync(fusekiContext, { recursive: true, force: true });
mkdirSync(fusekiContext, { recursive: true });
cpSync(join(root, 'test/docker/fuseki'), fusekiContext, { recursive: true });
const jar = run('bash', ['scripts/fuseki.sh', 'jar']);
cpSync(jar, join(fusekiContext, jar.split('/').at(-1)));
const settings = mkdtempSync(join(tmpdir(), 'lookup-env-'));
writeFileSync(join(settings, 'lookup.env'), '# a setting that changes answers: labels in French\nDEFAULT_LANG=fr\n');
const env = { ...process.env, FUSEKI_CONTEXT: fusekiContext, LOOKUP_ENV_FILE: join(settings, 'lookup.env'), LOOKUP_PORT: String(port) };
const compose = (...args) =>
  run('docker', ['compose', '-p', project, '-f', 'docker-compose.yml', '-f', 'test/docker/compose.test.yml', ...args], { env });
const down = () =>
  spawnSync(
    'docker',
    ['compose', '-p', project, '-f', 'docker-compose.yml', '-f', 'test/docker/compose.test.yml', 'down', '-v', '--remove-orphans'],
    { cwd: root, env, stdio: 'ignore' },
  );

async function ask(path) {
  // a timer of its own, which keeps the process alive: while a container starts, the engine's
  // proxy takes the connection and holds it, and AbortSignal.timeout's timer does not
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer to ${path} within 10 s`)), 10_000);
  try {
    const response = await fetch(base + path, { signal: controller.signal });
    return { status: response.status, body: await response.json() };
  } finally {
    clearTimeout(timer);
  }
}

async function waitForReady(seconds) {
  const started = Date.now();
  let last = '';
  while (Date.now() - started < seconds * 1000) {
    try {
      const ready = await ask('/ready');
      if (ready.status === 200) return { seconds: (Date.now() - started) / 1000, body: ready.body };
      last = ready.body.message;
    } catch (error) {
      last = String(error.cause?.code ?? error.message);
    }
    await sleep(500);
  }
  throw new Error(`not ready within ${seconds} s: ${last}\n${compose('logs', '--tail', '30')}`);
}

async function examples(when) {
  const search = await ask('/search?q=tea');
  check(
    `${when}: /search?q=tea finds Tea, labelled in French (DEFAULT_LANG=fr from the settings file)`,
    search.status === 200 &&
      search.body.concepts?.[0]?.uri === 'https://example.org/food/tea' &&
      search.body.concepts[0].prefLabel === 'Thé',
    JSON.stringify(search.body.concepts?.[0] ?? search.body).slice(0, 160),
  );
  const get = await ask('/get?uri=https://example.org/food/tea&uri=https://example.org/food/cheese');
  check(
    `${when}: /get answers both concepts in request order`,
    get.status === 200 &&
      get.body._embedded?.concepts?.map((c) => c.uri).join(' ') === 'https://example.org/food/tea https://example.org/food/cheese',
  );
  const schemes = await ask('/schemes');
  check(
    `${when}: /schemes lists the vocabulary's schemes`,
    schemes.status === 200 && schemes.body.schemes?.length >= 1,
    `${schemes.body.schemes?.length}`,
  );
  const manifest = await ask('/reconcile');
  check(
    `${when}: /reconcile answers the reconciliation manifest`,
    manifest.status === 200 && typeof manifest.body.name === 'string' && manifest.body.identifierSpace !== undefined,
  );
}

const containers = () =>
  compose('ps', '-a', '--format', '{{.Service}} {{.ID}}')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' '));
const logs = (service) => compose('logs', '--no-color', service);

try {
  down();
  // ---- 1. the image ----------------------------------------------------------------------
  let started = Date.now();
  compose('build');
  say(`built the images in ${Math.round((Date.now() - started) / 1000)} s`);
  const size = Number(run('docker', ['image', 'inspect', '-f', '{{.Size}}', 'skos-lookup']));
  const user = run('docker', ['run', '--rm', '--entrypoint', 'id', 'skos-lookup']);
  check('the image runs as the unprivileged user node', /^uid=1000\(node\) gid=1000\(node\)/.test(user), user);
  say(`image skos-lookup: ${Math.round(size / 1e6)} MB`);

  // ---- 2. compose up -------------------------------------------------------------------------
  started = Date.now();
  compose('up', '-d');
  const first = await waitForReady(300);
  say(`compose up: ready ${Math.round((Date.now() - started) / 1000)} s after \`up\``);
  check('the loader loaded the vocabulary into the volume', !/dataset already loaded/.test(logs('fuseki-load')));
  check(
    "the service waited for Fuseki's health check and built its index from it",
    first.body.labelIndex?.concepts > 100,
    `${first.body.labelIndex?.concepts} concepts`,
  );
  await examples('first up');
  const ids = Object.fromEntries(containers());
  const memory = run('docker', ['stats', '--no-stream', '--format', '{{.MemUsage}}', ids.lookup]);
  say(`the service's memory at rest: ${memory.split(' / ')[0]} (docker stats)`);

  // ---- 3. SIGTERM and down ---------------------------------------------------------------
  for (const service of ['lookup', 'fuseki']) {
    const grace = service === 'lookup' ? 15 : 10;
    const stopping = Date.now();
    run('docker', ['stop', '-t', String(grace), ids[service]]);
    const seconds = (Date.now() - stopping) / 1000;
    const state = JSON.parse(run('docker', ['inspect', '-f', '{{json .State}}', ids[service]]));
    // 0: the service's own; 143: the JVM's exit on SIGTERM after its shutdown hooks. 137 would be the engine's SIGKILL.
    check(
      `${service} stops on SIGTERM within its grace of ${grace} s`,
      seconds < grace && (state.ExitCode === 0 || state.ExitCode === 143) && state.OOMKilled === false,
      `${seconds.toFixed(1)} s, exit ${state.ExitCode}`,
    );
  }
  compose('down');

  // ---- 4. up again on the kept volumes ---------------------------------------------------
  started = Date.now();
  compose('up', '-d');
  await waitForReady(120);
  say(`compose up again: ready ${Math.round((Date.now() - started) / 1000)} s after \`up\``);
  check('the loader skips the load on the kept volume', /dataset already loaded/.test(logs('fuseki-load')));
  check(
    'the index is read from its snapshot on the kept volume',
    /read from the snapshot \/var\/lib\/skos-lookup\/index\.bin/.test(logs('lookup')),
  );
  await examples('up again');
} catch (error) {
  check('the run went through', false, error.message);
} finally {
  down();
  rmSync(settings, { recursive: true, force: true });
  if (process.env.KEEP_DOCKER_ENGINE === undefined)
    spawnSync('bash', ['scripts/docker-engine.sh', 'stop'], { cwd: root, stdio: 'inherit' });
}
console.log(`${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 ? 0 : 1);
