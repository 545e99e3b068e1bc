import { execFileSync } from 'node:child_process';

describe('the concept field script', () => {
  test('is at most 8 kB minified and gzipped, and served as it is (with its comments) for people to read', () => {
    const size = JSON.parse(execFileSync(process.execPath, ['scripts/concept-field-size.mjs', '--json'], { encoding: 'utf8' })) as {
      source: number;
      minified: number;
      gzipped: number;
    };
    expect(size.gzipped).toBeLessThanOrEqual(8 * 1024);
    expect(size.gzipped).toBeGreaterThan(1024); // the positive control: the whole element was measured
    expect(size.source).toBeGreaterThan(size.minified);
  });
});
