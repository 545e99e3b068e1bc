import { suggestTerms } from '../../src/domain/matchPatterns.js';
import { RankQuery } from '../../src/domain/ranking.js';
import { LabelIndex } from '../../src/index/LabelIndex.js';
import { LabelIndexBuilder } from '../../src/index/LabelIndexBuilder.js';
import { IndexScan } from '../../src/lookup/memory/IndexScan.js';
import { suggestInIndex } from '../../src/lookup/memory/suggestInIndex.js';

// /suggest leaves out a pass over labels none of which can be kept, told by the languages of
// the words the labels hold (a Chinese character's labels with lang=en are all read and none
// kept otherwise). What it answers must not change: checked here where the words' languages
// decide, and against the store on random vocabularies in test/index/LabelIndex.test.ts.

const SKOS = 'http://www.w3.org/2004/02/skos/core#';

function scanOf(labels: Array<[string, string, string]>): IndexScan {
  const builder = new LabelIndexBuilder('en');
  for (const [concept, value, language] of labels)
    builder.add({ concept: `http://example.org/${concept}`, property: `${SKOS}prefLabel`, value, language });
  return new IndexScan(new LabelIndex(builder.build()));
}

const suggest = (scan: IndexScan, q: string, lang: string | undefined, display = lang ?? 'en'): string[] =>
  suggestInIndex(scan, new RankQuery('suggest', suggestTerms(q)), { lang }, display, { offset: 0, limit: 10 }).map((uri) =>
    uri.replace('http://example.org/', ''),
  );

describe('/suggest by the languages of the words', () => {
  test('a prefix only other languages start with: nothing with lang, their labels without it, an untagged label either way', () => {
    const scan = scanOf([
      ['tokyo-ja', '東京', 'ja'],
      ['tokyo-zh', '東京都', 'zh'],
      ['east', '東', ''],
      ['tower', 'Tokyo Tower', 'en'],
      ['tower-ja', '東京タワー 塔', 'ja'],
    ]);
    expect(suggest(scan, '東', 'en')).toEqual(['east']);
    expect(suggest(scan, '東', undefined)).toEqual(['east', 'tokyo-ja', 'tokyo-zh', 'tower-ja']);
    expect(suggest(scan, '東', 'ja')).toEqual(['east', 'tokyo-ja', 'tower-ja']);
    // tier 3: a later word of the label
    expect(suggest(scan, '塔', 'en')).toEqual([]);
    expect(suggest(scan, '塔', 'ja')).toEqual(['tower-ja']);
    expect(suggest(scan, 'tow', 'ja')).toEqual([]);
    expect(suggest(scan, 'tow', undefined, 'ja')).toEqual(['tower']);
  });

  test('past the 31st language, where languages share a bit of a word, every label is still found', () => {
    // 34 languages: those numbered 31 and above share the last bit
    const tags = Array.from(
      { length: 34 },
      (_, i) => `x${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`,
    );
    const scan = scanOf(tags.map((tag, i) => [`c${i}`, `word${i} common`, tag]));
    for (const [i, tag] of tags.entries()) {
      expect(suggest(scan, `word${i}`, tag)).toEqual([`c${i}`]);
      expect(suggest(scan, `word${i}`, tags[(i + 1) % tags.length])).toEqual([]);
      expect(suggest(scan, 'comm', tag)).toEqual([`c${i}`]);
    }
  });
});
