#!/usr/bin/env node
// Checks the documentation a newcomer walks (README.md, docs/*.md):
//   node scripts/check-docs.mjs             every relative link leads to a file, and every
//                                           #anchor to a heading of it; every file named in
//                                           backticks is in the repository, the contract is
//                                           cited as docs/api.md, the service's examples use
//                                           port 3000; README.md stays within
//                                           300 lines and quotes no measured figure (they are
//                                           kept in docs/); .env.example and docs/configuration.md
//                                           are what src/settings.ts gives (npm run lint runs this)
//   node scripts/check-docs.mjs --commands  also runs the fenced shell commands that are safe
//                                           to run from a fresh clone, as written, against the
//                                           service started by `npm start` on the sample
//                                           vocabulary: every curl to 127.0.0.1:3000 or $S (its
//                                           status must be the one its comment announces, else
//                                           below 400; none with a <placeholder>) and every
//                                           `npm start -- …` (or `node dist/server.js`)
//                                           subcommand that serves nothing. The rest (installs, stores, Docker, other
//                                           vocabularies) is listed as not run. CI runs this.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { handFigures } from './handFigures.mjs';
import { settingsFiles } from './settings-files.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const files = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const failures = [];
const fail = (message) => {
  failures.push(message);
  console.error(`docs: ${message}`);
};

/** GitHub's anchor of a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const text = readFileSync(join(root, file), 'utf8');
    const found = new Set();
    let fence = false;
    for (const line of text.split('\n')) {
      if (line.startsWith('```')) fence = !fence;
      const heading = !fence && /^#{1,6} (.*)$/.exec(line);
      if (heading) found.add(slug(heading[1]));
    }
    anchorsOf.set(file, found);
  }
  return anchorsOf.get(file);
}

// ---- links, length, the generated reference --------------------------------------------------
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:)/.test(target)) continue;
    const [path, anchor] = target.split('#');
    const linked = path === '' ? file : join(dirname(file), path);
    if (!existsSync(join(root, linked))) fail(`${file}: the link ${target} leads to no file`);
    else if (anchor !== undefined && linked.endsWith('.md') && !anchors(linked).has(anchor))
      fail(`${file}: the link ${target} leads to no heading`);
  }
}
// files named in backticks are in the repository; the contract is cited as docs/api.md, not as a
// file beside the project; an example of the service's own routes uses its default port
const SERVICE_ROUTES =
  /https?:\/\/(?:127\.0\.0\.1|localhost|your-host|\[::1\]):(\d+)\/(?:get|search|suggest|rest\/v1|jskos|reconcile|schemes|top|narrower|concept-field|openapi|docs)\b/g;
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  for (const [, named] of text.matchAll(/`((?:src|test|scripts|bench|deploy|queries|public|data|docs)\/[A-Za-z0-9_./-]+)`/g)) {
    const path = named.replace(/[.,;:]$/, '');
    if (!/[*<>]/.test(path) && !existsSync(join(root, path))) fail(`${file}: names ${path}, which is not in the repository`);
  }
  for (const cited of text.matchAll(/\bAPI\.md\b/g))
    fail(
      `${file}: cites "API.md" (…${text.slice(Math.max(0, cited.index - 30), cited.index + 10).replace(/\s+/g, ' ')}…): the contract's rules are docs/api.md`,
    );
  for (const [url, port] of text.matchAll(SERVICE_ROUTES))
    if (port !== '3000') fail(`${file}: the example ${url} uses port ${port}, not the default 3000`);
}
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const readmeLines = readme.split('\n').length;
for (const file of files) for (const problem of handFigures(file, readFileSync(join(root, file), 'utf8'))) fail(problem);
if (readmeLines > 301) fail(`README.md has ${readmeLines} lines; it is the entry, at most 300: move the rest into docs/`);
for (const [path, text] of Object.entries(await settingsFiles()))
  if (readFileSync(join(root, path), 'utf8') !== text)
    fail(`${path} is not what src/settings.ts gives: run node scripts/settings-files.mjs`);

// ---- the commands --------------------------------------------------------------------------
if (process.argv.includes('--commands')) {
  const commands = [];
  for (const file of ['README.md', ...files.filter((f) => f.startsWith('docs/'))]) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const [, block] of text.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g))
      for (const line of block.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'))) commands.push({ file, line });
  }
  const port = process.env.DOCS_PORT ?? '3000';
  const service = spawn('npm', ['start'], { cwd: root, env: { ...process.env, PORT: port }, stdio: 'ignore', detached: true });
  try {
    for (let tries = 0; tries < 240; tries++) {
      if ((await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined))?.ok === true) break;
      await new Promise((done) => setTimeout(done, 250));
    }
    let ran = 0;
    const skipped = [];
    for (const { file, line } of commands) {
      const command = line.replace(/\s+#.*$/, '').trim();
      const subcommand = /^(?:node dist\/server\.js|npm start --) (--help|--version|check)$/.exec(command);
      // a curl to the service, by its address or by $S (the docs set S=http://127.0.0.1:3000); not one with a placeholder to fill in
      const toService = /^curl /.test(command) && /127\.0\.0\.1:3000|\$S\b/.test(command) && !/<[^>]+>/.test(command);
      if (toService && /[|;&]/.test(command.replace(/'[^']*'|"[^"]*"/g, ''))) {
        // a pipeline or several commands: run as written, and it must succeed
        try {
          execFileSync('sh', ['-c', command.replaceAll('127.0.0.1:3000', `127.0.0.1:${port}`)], {
            stdio: 'ignore',
            env: { ...process.env, S: `http://127.0.0.1:${port}` },
          });
        } catch (error) {
          fail(`${file}: \`${command}\` exited ${error.status}`);
        }
        ran++;
      } else if (toService) {
        const announced = /#\s*(\d{3})\b/.exec(line)?.[1];
        const asked = command
          .replace(/^curl /, "curl -s -o /dev/null -w '%{http_code}' ")
          .replace(/ -i\b/, '')
          .replaceAll('127.0.0.1:3000', `127.0.0.1:${port}`);
        let status;
        try {
          status = execFileSync('sh', ['-c', asked], { encoding: 'utf8', env: { ...process.env, S: `http://127.0.0.1:${port}` } });
        } catch (error) {
          status = `no answer (curl exited ${error.status})`;
        }
        const wrong =
          !/^\d{3}$/.test(status) ||
          status === '000' ||
          Number(status) >= 500 ||
          (announced === undefined ? Number(status) >= 400 : status !== announced);
        if (wrong) fail(`${file}: \`${command}\` answered ${status}${announced === undefined ? '' : `, not ${announced}`}`);
        ran++;
      } else if (subcommand !== null) {
        try {
          // as written (`npm start -- check` builds first when the sources changed, as a newcomer's would)
          execFileSync('sh', ['-c', command], { cwd: root, stdio: 'ignore', env: { ...process.env, PORT: '1' } });
        } catch (error) {
          fail(`${file}: \`${command}\` exited ${error.status}`);
        }
        ran++;
      } else skipped.push(`${file}: ${command}`);
    }
    console.error(`docs: ran ${ran} commands; not run here (installs, other stores, Docker, files of your own): ${skipped.length}`);
  } finally {
    process.kill(-service.pid, 'SIGTERM');
  }
}

console.log(failures.length === 0 ? 'docs: every check passed' : `docs: ${failures.length} check(s) failed`);
process.exit(failures.length === 0 ? 0 : 1);
