// The label index of a snapshot (INDEX_SNAPSHOT of a service) and its Finder, from a build of
// the service (`dist`): two builds are compared on the very same index.
import { readFileSync } from 'node:fs';

/** Reads `snapshot` with `dist`'s code, whatever service wrote it (its own fingerprint is taken). */
export async function snapshotFinder(snapshot, dist, defaultLang = 'en') {
  const { readSnapshot } = await import(`${dist}/index/IndexSnapshot.js`);
  const { LabelIndex } = await import(`${dist}/index/LabelIndex.js`);
  const { IndexFinder } = await import(`${dist}/lookup/memory/IndexFinder.js`).catch(() => import(`${dist}/lookup/IndexFinder.js`));
  const MAGIC = 'SKOSLOOKUP-INDEX\n';
  const head = readFileSync(snapshot).subarray(0, 1 << 16);
  const jsonLength = head.readUInt32LE(MAGIC.length);
  const layout = JSON.parse(head.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + jsonLength));
  const read = await readSnapshot(snapshot, layout.header.fingerprint);
  if ('reason' in read) throw new Error(`snapshot not read: ${read.reason}`);
  const index = new LabelIndex(read.data);
  return { index, finder: new IndexFinder(index, defaultLang) };
}
