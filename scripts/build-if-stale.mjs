#!/usr/bin/env node
// npm start's first step: compiles src/ into dist/ (and minifies the page scripts,
// scripts/build-public.mjs) only when a source is newer than the build (or there is none), so
// that a restart does not wait for the compiler. `npm start`
// then runs `node dist/server.js` alone, which gets the signals a process manager sends.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'server.js');

/** The newest modification time of the files under `folder`, in ms. */
function newest(folder) {
  let latest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const sources = Math.max(
  newest(join(root, 'src')),
  ...['tsconfig.json', 'tsconfig.build.json', 'public/concept-field.js', 'public/concept-tree.js'].map(
    (file) => statSync(join(root, file)).mtimeMs,
  ),
);
if (existsSync(built) && statSync(built).mtimeMs >= sources) process.exit(0);
process.stderr.write('compiling src/ into dist/ (a source is newer than the build)\n');
execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
execFileSync(process.execPath, [join(root, 'scripts', 'build-public.mjs')], { stdio: 'inherit' });
