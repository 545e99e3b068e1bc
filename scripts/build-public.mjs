// Part of `npm run build`: the scripts a page loads from the service (public/concept-field.js
// and the tree it imports when opened, public/concept-tree.js) minified into dist/public/,
// each with a source map beside it that holds the file as written. The service serves these
// when they are there (src/endpoints/pages.ts), and the files as written when they are not.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { transform } from 'esbuild';

const SCRIPTS = ['concept-field.js', 'concept-tree.js'];
const out = new URL('../dist/public/', import.meta.url);
mkdirSync(out, { recursive: true });
for (const name of SCRIPTS) {
  const source = readFileSync(new URL(`../public/${name}`, import.meta.url), 'utf8');
  const { code, map } = await transform(source, {
    minify: true,
    format: 'esm',
    target: 'es2022',
    sourcemap: 'external',
    sourcefile: `source/${name}`,
    legalComments: 'none',
  });
  writeFileSync(new URL(name, out), `${code}//# sourceMappingURL=${name}.map\n`);
  writeFileSync(new URL(`${name}.map`, out), map);
}
