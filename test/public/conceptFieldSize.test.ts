import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

// The concept field as the service serves it: minified by `npm run build` (which `npm test`
// runs first) into dist/public/, at most 8 kB gzipped, with a source map that holds the file
// as written, for people to read.

const built = (name: string): string => readFileSync(new URL(`../../dist/public/${name}`, import.meta.url), 'utf8');
const written = (name: string): string => readFileSync(new URL(`../../public/${name}`, import.meta.url), 'utf8');

describe('the concept field script as built', () => {
  test.each(['concept-field.js', 'concept-tree.js'])(
    '%s is minified, names its source map, and the map holds the file as written',
    (name) => {
      const code = built(name);
      expect(code.length).toBeLessThan(written(name).length * 0.7);
      expect(code.trimEnd().endsWith(`//# sourceMappingURL=${name}.map`)).toBe(true);
      const map = JSON.parse(built(`${name}.map`)) as { sourcesContent: string[] };
      expect(map.sourcesContent).toEqual([written(name)]);
    },
  );

  test('the field is at most 8 kB gzipped', () => {
    const gzipped = gzipSync(built('concept-field.js'), { level: 6 }).length;
    expect(gzipped).toBeLessThanOrEqual(8 * 1024);
    expect(gzipped).toBeGreaterThan(1024); // the positive control: the whole element was measured
  });
});
