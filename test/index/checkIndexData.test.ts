import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkIndexData } from '../../src/index/checkIndexData.js';
import { LONGEST_NUMBERED } from '../../src/index/TokenList.js';
import { QUERIES_DIR } from '../../src/loadConfig.js';
import { createLogger } from '../../src/log.js';
import { IndexBuilds } from '../../src/lookup/keeping/IndexBuilds.js';
import { QueryCatalog } from '../../src/sparql/QueryCatalog.js';
import { EmbeddedStore } from '../../src/store/EmbeddedStore.js';

// A snapshot is read only once its structure holds (checkIndexData.ts). A label's token longer
// than LONGEST_NUMBERED bytes is written in place (its length, then its bytes): a Chinese or
// Japanese label written without spaces is one such token, its bytes all above 0x7f. The check
// once skipped such a token from before its length, read its last byte as the start of a code,
// and refused every real-label snapshot at Iconclass' size as "cut short".

test('an index whose shown labels hold long tokens, in any script, passes the structure check', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'check-index-'));
  const long = {
    ja: '東京国立博物館所蔵の江戸時代後期の浮世絵版画と肉筆画の目録および解説', // one token of about 100 bytes
    zh: '中华人民共和国国家图书馆藏宋元明清善本古籍总目提要及其版本考订',
    ru: 'Достопримечательностиисторическогоцентрагородаивокрестностей',
    en: `${'x'.repeat(LONGEST_NUMBERED + 9)} and a short word`,
  };
  const turtle = [
    '@prefix skos: <http://www.w3.org/2004/02/skos/core#> .',
    ...Object.entries(long).flatMap(([lang, label], i) => [
      `<https://example.org/long/${i}> a skos:Concept ; skos:prefLabel "${label}"@${lang} ;`,
      `  skos:altLabel "${label} ${label.slice(0, 12)}"@${lang} .`,
    ]),
  ].join('\n');
  for (const [lang, label] of Object.entries(long))
    expect(Buffer.byteLength(label.split(' ')[0] as string)).toBeGreaterThan(LONGEST_NUMBERED);
  writeFileSync(join(folder, 'long.ttl'), turtle);
  try {
    const store = await EmbeddedStore.load([join(folder, 'long.ttl')]);
    const options = {
      conceptTypes: ['http://www.w3.org/2004/02/skos/core#Concept'],
      readTimeoutMs: 60_000,
      fingerprint: '',
      defaultLang: 'en',
    };
    const built = await new IndexBuilds(store, QueryCatalog.load('generic', QUERIES_DIR), options, createLogger('silent')).build(false);
    await store.close();
    expect(built?.index.stats.labels).toBe(8);
    expect(checkIndexData(built?.index.data as NonNullable<typeof built>['index']['data'])).toBeUndefined();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
