// npm run test:container: the Dockerfile's steps without a Docker engine (none runs where
// this project is built). Each stage is played in its own temporary folder standing for the
// image's WORKDIR: COPY copies from the project (or from the build stage's folder), RUN
// runs, ENV sets. Then the final stage's CMD is started as an unprivileged user (USER;
// `nobody` where that user does not exist), its HEALTHCHECK is run until it passes, and a
// few requests show that the production dependencies alone serve every endpoint and page.
//
// What this does not check: the base image itself (its Node version is the one here),
// the layer cache, the .dockerignore (COPY lines name folders none of it applies to).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const project = resolve(import.meta.dirname, '..');
const lines = readFileSync(join(project, 'Dockerfile'), 'utf8')
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

const stages = new Map(); // name -> folder
let folder;
let workdir = '/';
let env = {};
let user = 'root';
let healthcheck;
let cmd;
const inStage = (path) => join(folder, path.startsWith('/') ? path : join(workdir, path));
const say = (text) => process.stdout.write(`container: ${text}\n`);

for (const line of lines) {
  const [instruction, ...rest] = line.split(/\s+/);
  const args = line.slice(instruction.length).trim();
  switch (instruction.toUpperCase()) {
    case 'FROM': {
      folder = mkdtempSync(join(tmpdir(), 'skos-lookup-image-'));
      chmodSync(folder, 0o755);
      const as = args.match(/\bAS\s+(\S+)$/i);
      if (as) stages.set(as[1], folder);
      [workdir, env, user] = ['/', {}, 'root'];
      say(`FROM ${args} -> ${folder}`);
      break;
    }
    case 'WORKDIR':
      workdir = args;
      execFileSync('mkdir', ['-p', inStage('.')]);
      break;
    case 'ENV':
      for (const pair of rest) {
        const [name, ...value] = pair.split('=');
        env[name] = value.join('=');
      }
      break;
    case 'COPY': {
      const from = rest[0].startsWith('--from=') ? stages.get(rest.shift().slice('--from='.length)) : undefined;
      const target = rest.pop();
      for (const source of rest) {
        const origin = from === undefined ? join(project, source) : join(from, source);
        const destination = target.endsWith('/') ? join(inStage(target), source.split('/').pop()) : inStage(target);
        cpSync(origin, destination, { recursive: true });
      }
      break;
    }
    case 'RUN':
      say(`RUN ${args}`);
      execFileSync('sh', ['-c', args], { cwd: inStage('.'), env: { ...process.env, ...env }, stdio: 'inherit' });
      break;
    case 'USER':
      user = args;
      break;
    case 'HEALTHCHECK':
      healthcheck = JSON.parse(args.slice(args.indexOf('CMD') + 3).trim());
      break;
    case 'CMD':
      cmd = JSON.parse(args);
      break;
    case 'EXPOSE':
      break;
    default:
      throw new Error(`the Dockerfile has ${instruction}, which this script does not know`);
  }
}

const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => done(free));
  });
});
let runAs = user;
try {
  execFileSync('id', [user], { stdio: 'ignore' });
} catch {
  runAs = 'nobody';
}
const root = process.getuid?.() === 0;
const ids = root ? { uid: Number(execFileSync('id', ['-u', runAs])), gid: Number(execFileSync('id', ['-g', runAs])) } : {};
const environment = { PATH: process.env.PATH, ...env, PORT: String(port), HOST: '127.0.0.1' };
say(`CMD ${cmd.join(' ')} as ${root ? runAs : 'the current user'}, port ${port}`);
const service = spawn(cmd[0], cmd.slice(1), { cwd: inStage('.'), env: environment, stdio: ['ignore', 'ignore', 'pipe'], ...ids });
let logs = '';
service.stderr.on('data', (chunk) => (logs += chunk));
const exited = new Promise((done) => service.once('exit', (code, signal) => done(code ?? signal)));

const failures = [];
try {
  let healthy = false;
  for (let attempt = 0; attempt < 120 && !healthy; attempt++) {
    try {
      execFileSync(healthcheck[0], healthcheck.slice(1), { cwd: inStage('.'), env: environment, stdio: 'ignore', ...ids });
      healthy = true;
    } catch {
      await new Promise((done) => setTimeout(done, 500));
    }
  }
  if (!healthy) throw new Error('the HEALTHCHECK never passed');
  say('HEALTHCHECK passes');
  const base = `http://127.0.0.1:${port}`;
  // /health answers from the first second; the data is in once /ready says so
  for (let attempt = 0; attempt < 600 && (await fetch(`${base}/ready`).catch(() => undefined))?.status !== 200; attempt++)
    await new Promise((done) => setTimeout(done, 100));
  const checks = [
    ['/suggest?q=tea', 200, (body) => JSON.parse(body).concepts[0]?.prefLabel === 'Tea'],
    ['/get?uri=https%3A%2F%2Fexample.org%2Ffood%2Ftea', 200, (body) => JSON.parse(body)._embedded.concepts.length === 1],
    ['/search?q=tea', 200, (body) => JSON.parse(body).concepts.length > 0],
    ['/languages', 200, (body) => JSON.parse(body).languages.includes('en')],
    ['/openapi.json', 200, (body) => JSON.parse(body).openapi === '3.1.0'],
    ['/metrics', 200, (body) => body.includes('skos_lookup_http_requests_total')],
    ['/', 200, (body) => body.includes('<concept-field')],
    ['/assets/lookup.js', 200, () => true],
    ['/concept-field.js', 200, (body) => body.includes("customElements.define('concept-field'")],
    ['/docs', 200, () => true],
    ['/assets/swagger-ui/swagger-ui-bundle.js', 200, () => true],
  ];
  for (const [path, status, holds] of checks) {
    const response = await fetch(base + path);
    const body = await response.text();
    const ok = response.status === status && holds(body);
    say(`${ok ? 'ok  ' : 'FAIL'} GET ${path} -> ${response.status}`);
    if (!ok) failures.push(path);
  }
} catch (error) {
  failures.push(error.message);
} finally {
  service.kill('SIGTERM');
  const code = await exited;
  say(`stopped by SIGTERM with exit status ${code}`);
  if (code !== 0) failures.push(`exit status ${code} after SIGTERM`);
  for (const stage of new Set([...stages.values(), folder])) rmSync(stage, { recursive: true, force: true });
}
if (failures.length > 0) {
  process.stderr.write(logs);
  say(`failed: ${failures.join(', ')}`);
  process.exit(1);
}
say('every check passed');
