import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { startService, type RunningService } from '../support/service.js';

// The label index answers /schemes, /top, /narrower and the fields that walk the hierarchy
// from memory; the store path answers them with its queries. Both must give the same lists,
// concept for concept and page for page: checked on random vocabularies whose hierarchies
// have everything real data has (both directions, polyhierarchy, cycles, deprecated
// concepts, links to resources that are no concept, stated and implicit top concepts,
// concepts in several schemes or none, notations that tie, labels that fold alike).

const V = 'https://example.org/v/';
const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const LABELS = ['Alpha', 'alpha', 'Älpha', 'Beta', 'béta', 'Gamma', 'Ω mega', '東京', 'delta', 'Delta', '𝔸 math'];
const NOTATIONS = ['1', '10', '2', '2.1', '9', 'A', 'a', 'Ä'];

const vocabulary = fc.record({
  concepts: fc.array(
    fc.record({
      labels: fc.array(fc.tuple(fc.constantFrom(...LABELS), fc.constantFrom('en', 'de', '')), { maxLength: 2 }),
      notations: fc.array(fc.constantFrom(...NOTATIONS), { maxLength: 2 }),
      broader: fc.array(fc.tuple(fc.nat(39), fc.boolean()), { maxLength: 2 }),
      schemes: fc.array(fc.nat(2), { maxLength: 2 }),
      top: fc.array(fc.tuple(fc.nat(2), fc.boolean()), { maxLength: 1 }),
      deprecated: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      typed: fc.integer({ min: 0, max: 19 }).map((n) => n !== 0),
    }),
    { minLength: 5, maxLength: 40 },
  ),
});

type Vocabulary = typeof vocabulary extends fc.Arbitrary<infer T> ? T : never;

function turtle({ concepts }: Vocabulary): string {
  const lines: string[] = [`<${V}s0> a <${SKOS}ConceptScheme> .`];
  concepts.forEach((c, i) => {
    const me = `<${V}c${i}>`;
    if (c.typed) lines.push(`${me} a <${SKOS}Concept> .`);
    for (const [label, lang] of c.labels) lines.push(`${me} <${SKOS}prefLabel> ${JSON.stringify(label)}${lang === '' ? '' : `@${lang}`} .`);
    for (const notation of c.notations) lines.push(`${me} <${SKOS}notation> ${JSON.stringify(notation)} .`);
    for (const [to, inverse] of c.broader) {
      const other = to < concepts.length ? `<${V}c${to}>` : `<${V}elsewhere${to}>`;
      lines.push(inverse ? `${other} <${SKOS}narrower> ${me} .` : `${me} <${SKOS}broader> ${other} .`);
    }
    for (const s of c.schemes) lines.push(`${me} <${SKOS}inScheme> <${V}s${s}> .`);
    for (const [s, inverse] of c.top)
      lines.push(inverse ? `<${V}s${s}> <${SKOS}hasTopConcept> ${me} .` : `${me} <${SKOS}topConceptOf> <${V}s${s}> .`);
    if (c.deprecated) lines.push(`${me} <http://www.w3.org/2002/07/owl#deprecated> true .`);
  });
  return lines.join('\n') + '\n';
}

const directory = mkdtempSync(join(tmpdir(), 'browse-agreement-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

test('the index and the store path list the same schemes, top concepts, narrower concepts and ancestors', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(vocabulary, async (generated) => {
      const file = join(directory, `v${run++}.ttl`);
      writeFileSync(file, turtle(generated));
      const services: RunningService[] = [];
      try {
        services.push(await startService({ DATA_FILES: file, LABEL_INDEX: 'on' }));
        services.push(await startService({ DATA_FILES: file, LABEL_INDEX: 'off' }));
        const [index, store] = services as [RunningService, RunningService];
        const same = async (path: string): Promise<void> => {
          const [a, b] = await Promise.all([index.get(path), store.get(path)]);
          expect([path, a.status, a.body]).toEqual([path, b.status, b.body]);
        };
        for (const lang of ['en', 'de']) {
          await same(`/schemes?lang=${lang}`);
          for (const s of [0, 1, 2, 9])
            for (const page of [1, 2, 3]) await same(`/top?scheme=${encodeURIComponent(`${V}s${s}`)}&count=4&page=${page}&lang=${lang}`);
          for (let i = 0; i < 42; i++) {
            const uri = encodeURIComponent(i < generated.concepts.length ? `${V}c${i}` : `${V}elsewhere${i}`);
            await same(`/narrower?uri=${uri}&count=1000&lang=${lang}&fields=ancestors,narrower,narrowerCount`);
            await same(`/get?uri=${uri}&lang=${lang}&fields=ancestors,narrower,narrowerCount`);
          }
        }
      } finally {
        for (const service of services) await service.close();
      }
    }),
    { numRuns: 12, seed: 36 },
  );
}, 300_000);
