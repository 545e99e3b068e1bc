import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { searchTerms, suggestTerms } from '../../src/domain/matchPatterns.js';
import { RankQuery } from '../../src/domain/ranking.js';
import type { LabelIndex } from '../../src/index/LabelIndex.js';
import type { Logger } from '../../src/log.js';
import { QUERIES_DIR } from '../../src/loadConfig.js';
import { IndexBuilds } from '../../src/lookup/keeping/IndexBuilds.js';
import { IndexFinder } from '../../src/lookup/memory/IndexFinder.js';
import { IndexScan } from '../../src/lookup/memory/IndexScan.js';
import { searchInIndex } from '../../src/lookup/memory/searchInIndex.js';
import { SharedSnapshot } from '../../src/lookup/keeping/SharedSnapshot.js';
import { suggestInIndex } from '../../src/lookup/memory/suggestInIndex.js';
import { FIELDS } from '../../src/domain/Concept.js';
import { QueryCatalog } from '../../src/sparql/QueryCatalog.js';
import { EmbeddedStore } from '../../src/store/EmbeddedStore.js';

// A snapshot damaged at random (bits flipped, cut short, bytes overwritten; with its checksum
// left as it was, and made anew over the damage as a forger would) is either used whole, with
// the same answers as the one written, or refused and set aside: never a crash, never an index
// that half works. Under a checksum made anew, damage to the structure (an array's length
// halved, two arrays swapped, a number that indexes or orders set to its largest value, the
// layout's fields edited) is refused or changes nothing; damage to a value the structure cannot
// tell from another (a letter of a label, a label's length) may serve other answers, but every
// answer is given, none throws and none hangs.

const SAMPLE = new URL('../../data/sample-vocabulary.ttl', import.meta.url).pathname;
const silent: Logger = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

const ALL_FIELDS = new Set(FIELDS);
/** What every lookup of the memory path answers on the index: /suggest, /search (every field), /get, reconciliation, the browse lists. */
async function answers(index: LabelIndex): Promise<unknown> {
  const scan = new IndexScan(index);
  const finder = new IndexFinder(index, 'en');
  const found = [];
  for (const q of ['t', 'te', 'ch', 'a', 'spice r', 'kartof', 'ING-101'])
    found.push(
      suggestInIndex(scan, new RankQuery('suggest', suggestTerms(q)), {}, 'en', { limit: 10, offset: 0 }),
      searchInIndex(scan, new RankQuery('search', searchTerms(q)), q, {}, 'en', { limit: 10, offset: 0 }),
      await finder.search({ q, count: 5, page: 1, fields: ALL_FIELDS }),
      await finder.suggest({ q, count: 5, page: 1, lang: 'de', fields: ALL_FIELDS }),
      await finder.withNotations([q]),
    );
  const names = ['tomatoe', 'Tomatte', 'creme brule', 'vegtables', 'kartoffel'].map((q) => ({ q, filter: {}, limit: 5, display: 'en' }));
  found.push(await finder.reconcile(names));
  const uris = ['tomato', 'vegetables', 'ingredient-groups', 'tea', 'nothing'].map((name) => `https://example.org/food/${name}`);
  found.push([...(await finder.shown(uris, 'fr', ALL_FIELDS))]);
  found.push(await finder.languages(), await finder.schemes('en'));
  for (const scheme of ['ingredients', 'dishes'])
    found.push(await finder.top({ uri: `https://example.org/food/${scheme}`, count: 20, page: 1, fields: ALL_FIELDS }));
  for (const uri of uris) found.push(await finder.narrower({ uri, count: 20, page: 1, lang: 'de', fields: ALL_FIELDS }));
  return found;
}

let folder: string;
let written: Buffer;
let expected: unknown;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'snapshot-damage-'));
  const store = await EmbeddedStore.load([SAMPLE]);
  const path = join(folder, 'whole.bin');
  const options = {
    conceptTypes: ['http://www.w3.org/2004/02/skos/core#Concept'],
    readTimeoutMs: 60_000,
    fingerprint: 'sample',
    defaultLang: 'en',
    snapshotPath: path,
  };
  const built = await new IndexBuilds(store, QueryCatalog.load('generic', QUERIES_DIR), options, silent).build(false);
  await store.close();
  if (built === undefined) throw new Error('the sample vocabulary did not build');
  written = readFileSync(path);
  expected = await answers(built.index);
});

type Damage = { kind: 'flip'; at: number; bit: number } | { kind: 'cut'; at: number } | { kind: 'overwrite'; at: number; bytes: number[] };
const damage = (length: number): fc.Arbitrary<Damage> =>
  fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.nat(length - 1), bit: fc.nat(7) }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat(length - 1) }),
    fc.record({
      kind: fc.constant('overwrite' as const),
      at: fc.nat(length - 1),
      bytes: fc.array(fc.nat(255), { minLength: 1, maxLength: 8 }),
    }),
  );

function damaged(bytes: Buffer, damages: Damage[], reseal: boolean): Buffer {
  let out = Buffer.from(bytes);
  for (const d of damages) {
    if (d.kind === 'flip' && d.at < out.length) out[d.at] = (out[d.at] as number) ^ (1 << d.bit);
    else if (d.kind === 'cut') out = out.subarray(0, Math.min(out.length, d.at));
    else if (d.kind === 'overwrite') d.bytes.forEach((byte, i) => d.at + i < out.length && (out[d.at + i] = byte));
  }
  if (reseal && out.length > 32) {
    // a checksum that matches the damage: only the layout's own checks stand in the way
    out = Buffer.concat([
      out.subarray(0, out.length - 32),
      createHash('sha256')
        .update(out.subarray(0, out.length - 32))
        .digest(),
    ]);
  }
  return out;
}

let case_ = 0;
async function readDamaged(bytes: Buffer): Promise<{ used: boolean; same: boolean; setAside: boolean; failed?: string }> {
  const path = join(folder, `case-${case_++}.bin`);
  writeFileSync(path, bytes);
  const said: string[] = [];
  const snapshot = new SharedSnapshot(path, 'sample', { ...silent, info: (line) => said.push(line) });
  const read = await snapshot.read(); // must not reject
  // refused: set aside, or left for the next build to write over where the bytes now spell
  // what a whole snapshot of another kind would (the older format's first line; under a
  // checksum made anew, a header naming another format or another vocabulary, as a replica
  // of another version writes)
  if (read === undefined)
    return {
      used: false,
      same: false,
      setAside:
        (!existsSync(path) && snapshot.problem !== undefined) ||
        bytes.toString('latin1', 0, 17) === 'SKOSLOOKUP-INDEX\n' ||
        (existsSync(path) && said.some((line) => /not used: it (has format|was built from something else)/.test(line))),
    };
  let same = false;
  try {
    same = JSON.stringify(await answers(read.index)) === JSON.stringify(expected);
  } catch (error) {
    return { used: true, same: false, setAside: false, failed: String(error) };
  }
  return { used: true, same, setAside: false };
}

test('the snapshot as written is used, with the answers of the index it was written from', async () => {
  copyFileSync(join(folder, 'whole.bin'), join(folder, 'copy.bin'));
  const read = await new SharedSnapshot(join(folder, 'copy.bin'), 'sample', silent).read();
  expect(read).toBeDefined();
  expect(await answers((read as { index: LabelIndex }).index)).toEqual(expected);
});

test('a snapshot whose layout lacks an array that only reconciliation reads is set aside, under a checksum made anew', async () => {
  const name = Buffer.from('"wordLanguages"');
  const at = written.indexOf(name);
  expect(at).toBeGreaterThan(0);
  const bytes = damaged(written, [{ kind: 'overwrite', at, bytes: [...Buffer.from('"wordLanguagez"')] }], true);
  expect(await readDamaged(bytes)).toEqual({ used: false, same: false, setAside: true });
});

test('any damage to a snapshot is refused by its checksum and set aside', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(damage(written.length), { minLength: 1, maxLength: 3 }), async (damages) => {
      const bytes = damaged(written, damages, false);
      fc.pre(!bytes.equals(written));
      expect(await readDamaged(bytes)).toEqual({ used: false, same: false, setAside: true });
    }),
    { numRuns: 150 },
  );
}, 60_000);

/** Where each array lies in the written snapshot: its layout, read as `readSnapshot` reads it. */
interface Placed {
  name: string;
  type: 'Uint8Array' | 'Uint16Array' | 'Uint32Array';
  length: number;
  offset: number;
}
function layoutOf(bytes: Buffer): {
  json: Record<string, unknown> & { arrays: Placed[] };
  jsonAt: number;
  jsonLength: number;
  start: number;
} {
  const jsonAt = 'SKOSLOOKUP-INDEX-SHA256\n'.length + 4;
  const jsonLength = bytes.readUInt32LE(jsonAt - 4);
  const json = JSON.parse(bytes.toString('utf8', jsonAt, jsonAt + jsonLength)) as Record<string, unknown> & { arrays: Placed[] };
  return { json, jsonAt, jsonLength, start: Math.ceil((jsonAt + jsonLength) / 8) * 8 };
}
const WIDTH = { Uint8Array: 1, Uint16Array: 2, Uint32Array: 4 } as const;

/** `bytes` with its layout written anew by `edit`, padded with spaces to its length (the arrays stay where they were). */
function withLayout(bytes: Buffer, edit: (json: Record<string, unknown> & { arrays: Placed[] }) => void): Buffer | undefined {
  const { json, jsonAt, jsonLength } = layoutOf(bytes);
  edit(json);
  const text = Buffer.from(JSON.stringify(json));
  if (text.length > jsonLength) return undefined;
  const out = Buffer.from(bytes);
  out.fill(0x20, jsonAt, jsonAt + jsonLength);
  text.copy(out, jsonAt);
  return out;
}

/**
 * What a snapshot holds as content rather than structure: numbers whose every value is well
 * formed, and the bytes of texts (a shown text's token codes too). Another value there (or the array read 8 bytes on) is an
 * index of another vocabulary, which only the checksum tells from the one written.
 */
const CONTENT = new Set([
  'entryLength',
  'schemeFlags',
  'otherFlags',
  'wordLanguages',
  'conceptText',
  'otherText',
  'wordText',
  'notationText',
  'displayTokenText',
  'displayText',
]);

type Structural =
  | { kind: 'largest'; array: number; at: number }
  | { kind: 'halve'; array: number }
  | { kind: 'swap'; array: number; other: number }
  | { kind: 'field'; array: number; field: 'offset' | 'length' | 'type'; by: number };

function structurally(bytes: Buffer, d: Structural): Buffer | undefined {
  const { json, start } = layoutOf(bytes);
  const arrays = json.arrays;
  const placed = arrays[d.array % arrays.length] as Placed;
  if (d.kind === 'largest') {
    if (placed.length === 0 || CONTENT.has(placed.name)) return undefined;
    const out = Buffer.from(bytes);
    const width = WIDTH[placed.type];
    out.fill(0xff, start + placed.offset + (d.at % placed.length) * width, start + placed.offset + ((d.at % placed.length) + 1) * width);
    return out;
  }
  if (d.kind === 'field' && d.field === 'offset' && CONTENT.has(placed.name)) return undefined;
  // two arrays of one type and length swapped (broaderOffsets and narrowerOffsets, say) are as
  // well formed as before: another vocabulary's links, content the structure cannot tell
  const other = arrays[d.kind === 'swap' ? d.other % arrays.length : 0] as Placed;
  if (d.kind === 'swap' && other.type === placed.type && other.length === placed.length) return undefined;
  return withLayout(bytes, (layout) => {
    const entry = layout.arrays[d.array % layout.arrays.length] as Placed;
    if (d.kind === 'halve') entry.length = Math.floor(entry.length / 2);
    else if (d.kind === 'swap') {
      const other = layout.arrays[d.other % layout.arrays.length] as Placed;
      [entry.name, other.name] = [other.name, entry.name];
    } else if (d.field === 'offset') entry.offset = Math.max(0, entry.offset + 8 * d.by);
    else if (d.field === 'length') entry.length = Math.max(0, entry.length + d.by);
    else entry.type = (['Uint8Array', 'Uint16Array', 'Uint32Array'] as const)[Math.abs(d.by) % 3] as Placed['type'];
  });
}

const structural: fc.Arbitrary<Structural> = fc.oneof(
  fc.record({ kind: fc.constant('largest' as const), array: fc.nat(99), at: fc.nat(1 << 20) }),
  fc.record({ kind: fc.constant('halve' as const), array: fc.nat(99) }),
  fc.record({ kind: fc.constant('swap' as const), array: fc.nat(99), other: fc.nat(99) }),
  fc.record({
    kind: fc.constant('field' as const),
    array: fc.nat(99),
    field: fc.constantFrom('offset' as const, 'length' as const, 'type' as const),
    by: fc.integer({ min: -3, max: 3 }).filter((n) => n !== 0),
  }),
);

function resealed(bytes: Buffer): Buffer {
  return damaged(bytes, [], true);
}

test('damage to the structure under a checksum made anew is refused and set aside, or changes no answer', async () => {
  const outcomes = { refused: 0, same: 0 };
  await fc.assert(
    fc.asyncProperty(structural, async (d) => {
      const bytes = structurally(written, d);
      fc.pre(bytes !== undefined && !bytes.equals(written));
      const outcome = await readDamaged(resealed(bytes as Buffer));
      if (outcome.used) expect({ d, ...outcome }).toEqual({ d, used: true, same: true, setAside: false });
      else expect(outcome.setAside).toBe(true);
      outcomes[outcome.used ? 'same' : 'refused']++;
    }),
    { numRuns: Number(process.env.DAMAGE_RUNS ?? 200) },
  );
  expect(outcomes.refused).toBeGreaterThan(150);
}, 120_000);

test('the smallest value in any array, under a checksum made anew, is refused or answered without a fault', async () => {
  const { json, start } = layoutOf(written);
  await fc.assert(
    fc.asyncProperty(fc.nat(json.arrays.length - 1), fc.nat(1 << 20), async (array, at) => {
      const placed = json.arrays[array] as Placed;
      fc.pre(placed.length > 0);
      const out = Buffer.from(written);
      const width = WIDTH[placed.type];
      out.fill(0, start + placed.offset + (at % placed.length) * width, start + placed.offset + ((at % placed.length) + 1) * width);
      fc.pre(!out.equals(written));
      const outcome = await readDamaged(resealed(out));
      expect(outcome.failed).toBeUndefined();
      if (!outcome.used) expect(outcome.setAside).toBe(true);
    }),
    { numRuns: 100 },
  );
}, 120_000);

test('random bytes under a checksum made anew are refused, or answered without a fault', async () => {
  const outcomes = { refused: 0, usedSame: 0, usedOther: 0 };
  await fc.assert(
    fc.asyncProperty(fc.array(damage(written.length - 32), { minLength: 1, maxLength: 3 }), async (damages) => {
      const outcome = await readDamaged(damaged(written, damages, true)); // never rejects, never throws
      expect(outcome.failed).toBeUndefined();
      if (!outcome.used) {
        expect(outcome.setAside).toBe(true);
        outcomes.refused++;
      } else outcomes[outcome.same ? 'usedSame' : 'usedOther']++;
    }),
    { numRuns: 150 },
  );
  // a forged file can hold other labels that still answer; what matters is that none failed
  expect(outcomes.refused).toBeGreaterThan(0);
}, 120_000);
