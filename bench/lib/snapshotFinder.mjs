// The label index of a snapshot (INDEX_SNAPSHOT of a service) and its Finder, from a build of
// the service (`dist`): two builds are compared on the very same index.
import { readFileSync } from 'node:fs';

/** Reads `snapshot` with `dist`'s code, whatever service wrote it (its own fingerprint is taken). */
export async function snapshotFinder(snapshot, dist, defaultLang = 'en') {
  const { readSnapshot } = await import(`${dist}/index/IndexSnapshot.js`);
  const { LabelIndex } = await import(`${dist}/index/LabelIndex.js`);
  const { IndexFinder } = await import(`${dist}/lookup/memory/IndexFinder.js`).catch(() => import(`${dist}/lookup/IndexFinder.js`));
  // the first line names the format (with a checksum or not), then the layout's length and the layout
  const file = readFileSync(snapshot);
  const magic = file.indexOf(0x0a) + 1;
  const jsonLength = file.readUInt32LE(magic);
  const layout = JSON.parse(file.toString('utf8', magic + 4, magic + 4 + jsonLength));
  const read = await readSnapshot(snapshot, layout.header.fingerprint);
  if ('reason' in read) throw new Error(`snapshot not read: ${read.reason}`);
  const index = new LabelIndex(read.data);
  return { index, finder: new IndexFinder(index, defaultLang) };
}
