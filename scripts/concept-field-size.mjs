// The concept field's size as a page loads it at best: public/concept-field.js minified (esbuild)
// and gzipped. `node scripts/concept-field-size.mjs` prints it (`--json`: as JSON); test/public/conceptFieldSize.test.ts
// holds what `npm run build` makes of it (scripts/build-public.mjs), which the service serves, to 8 kB.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';

export async function conceptFieldSize() {
  const source = readFileSync(new URL('../public/concept-field.js', import.meta.url), 'utf8');
  const { code } = await transform(source, { minify: true, format: 'esm', target: 'es2022' });
  return {
    source: Buffer.byteLength(source),
    minified: Buffer.byteLength(code),
    gzipped: gzipSync(code, { level: 9 }).length,
    sourceGzipped: gzipSync(source, { level: 9 }).length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = await conceptFieldSize();
  if (process.argv.includes('--json')) console.log(JSON.stringify(size));
  else
    console.log(
      `concept-field.js: ${size.source} bytes as served (${size.sourceGzipped} gzipped); minified ${size.minified}, minified and gzipped ${size.gzipped}`,
    );
}
