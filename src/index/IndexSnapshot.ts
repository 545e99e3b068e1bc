import { createHash, type Hash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { ARRAY_TYPES } from './checkIndexData.js';
import type { LabelIndexArrays, LabelIndexData } from './LabelIndexData.js';

/** Changes whenever the layout of LabelIndexData or of this file changes. */
export const SNAPSHOT_FORMAT = 10;
/** The last bytes of a snapshot: the SHA-256 of everything before them (format 7 on). */
const CHECKSUM_BYTES = 32;
/** Hashed a part at a time, the thread that answers HTTP free between parts. */
const PART = 1 << 24;
/** The first line of a snapshot with a checksum (format 7 on). */
const MAGIC = 'SKOSLOOKUP-INDEX-SHA256\n';
/** The first line of the snapshots of format 6 and before, which had no checksum. */
const OLDER_MAGIC = 'SKOSLOOKUP-INDEX\n';
const TYPES = { Uint8Array, Uint16Array, Uint32Array } as const;
type TypeName = keyof typeof TYPES;

/** What a snapshot says of itself: it is used only when `fingerprint` is the running service's. */
export interface SnapshotHeader {
  format: number;
  /** What the index was built from (endpoint, graph, concept types, data files...), as JSON. */
  fingerprint: string;
  /** When it was built (ISO 8601). */
  built: string;
  /** The answer of `changes.rq` taken before the build; absent for the embedded store. */
  probe?: string | undefined;
}

interface Layout {
  header: SnapshotHeader;
  languages: string[];
  schemes: string[];
  arrays: Array<{ name: keyof LabelIndexArrays; type: TypeName; length: number; offset: number }>;
}

/**
 * Writes the index to `path`: a magic line, a JSON layout, then each array's bytes at an
 * offset aligned to 8, then the SHA-256 of all that. Written to a temporary name beside it,
 * flushed, then renamed, so a reader (another replica sharing the file) never sees a
 * half-written snapshot. Written (and hashed) asynchronously, a part at a time: hundreds of
 * MB must not hold the thread that answers HTTP.
 */
export async function writeSnapshot(path: string, data: LabelIndexData, header: SnapshotHeader): Promise<number> {
  const arrays = Object.entries(data.arrays) as Array<[keyof LabelIndexArrays, Uint8Array | Uint16Array | Uint32Array]>;
  const layout: Layout = { header, languages: data.languages, schemes: data.schemes, arrays: [] };
  let offset = 0;
  for (const [name, array] of arrays) {
    layout.arrays.push({ name, type: array.constructor.name as TypeName, length: array.length, offset });
    offset = align(offset + array.byteLength);
  }
  const json = Buffer.from(JSON.stringify(layout));
  const head = Buffer.alloc(align(MAGIC.length + 4 + json.length));
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(json.length, MAGIC.length);
  json.copy(head, MAGIC.length + 4);
  const temporary = `${path}.${process.pid}.tmp`;
  const file = await open(temporary, 'w');
  const hash = createHash('sha256');
  const write = async (bytes: Buffer): Promise<void> => {
    hash.update(bytes);
    await writeAll(file, bytes);
  };
  try {
    await write(head);
    const padding = Buffer.alloc(8);
    for (const [, array] of arrays) {
      const bytes = Buffer.from(array.buffer, array.byteOffset, array.byteLength);
      for (let at = 0; at < bytes.length; at += PART) await write(bytes.subarray(at, Math.min(bytes.length, at + PART)));
      await write(padding.subarray(0, align(bytes.length) - bytes.length));
    }
    await writeAll(file, hash.digest());
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  // a rename that fails (the path is a directory now, the folder went read-only) leaves no temporary file behind either
  await rename(temporary, path).catch(async (error: unknown) => {
    await rm(temporary, { force: true });
    throw error;
  });
  return head.length + offset + CHECKSUM_BYTES;
}

/**
 * The header of the snapshot at `path` alone (a few kB of it read), or undefined when there is
 * none or it is no snapshot of this format: whether another replica's build is worth reading.
 */
export async function readSnapshotHeader(path: string): Promise<SnapshotHeader | undefined> {
  let file: FileHandle;
  try {
    file = await openRegular(path);
  } catch {
    return undefined;
  }
  try {
    const start = Buffer.alloc(MAGIC.length + 4);
    await file.read(start, 0, start.length, 0);
    if (start.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
    const jsonLength = start.readUInt32LE(MAGIC.length);
    if (jsonLength > 1 << 24) return undefined;
    const json = Buffer.alloc(jsonLength);
    await file.read(json, 0, jsonLength, start.length);
    const header = (JSON.parse(json.toString('utf8')) as Partial<Layout>).header;
    return header?.format === SNAPSHOT_FORMAT ? header : undefined;
  } catch {
    return undefined;
  } finally {
    await file.close();
  }
}

/**
 * Reads a snapshot written by `writeSnapshot`: the arrays are views on the file's bytes, read
 * in one piece into shared memory (the worker pool's threads read that one copy). Returns the
 * reason when the file cannot serve (missing, another format, another fingerprint, damaged):
 * such a snapshot is never used. Damage is told from the checksum over the whole file, and
 * every length and offset of the layout is checked before an array is made of it; nothing a
 * file holds makes this throw. What the arrays hold is checked by `indexOf` (`checkIndexData`),
 * on the layout thread.
 */
export async function readSnapshot(
  path: string,
  fingerprint: string,
): Promise<{ data: LabelIndexData; header: SnapshotHeader } | { reason: string }> {
  let file: Buffer;
  try {
    file = await readShared(path);
  } catch (error) {
    return {
      reason: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is none yet' : `it cannot be read (${(error as Error).message})`,
    };
  }
  if (file.toString('latin1', 0, OLDER_MAGIC.length) === OLDER_MAGIC) return { reason: 'it has an older format, without a checksum' };
  const first = file.toString('latin1', 0, MAGIC.length);
  if (first !== MAGIC) return { reason: MAGIC.startsWith(first) ? 'it is damaged: cut short' : 'it is not a label index snapshot' };
  if (file.length < MAGIC.length + 4 + CHECKSUM_BYTES) return { reason: 'it is damaged: cut short' };
  // nothing the file says is trusted before its checksum holds
  const body = file.length - CHECKSUM_BYTES;
  if (!(await checksumHolds(file, body))) return { reason: 'it is damaged: its checksum does not match its bytes' };
  const jsonLength = file.readUInt32LE(MAGIC.length);
  if (MAGIC.length + 4 + jsonLength > body) return { reason: 'it is damaged: its layout is cut short' };
  let layout: Layout;
  try {
    layout = JSON.parse(file.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + jsonLength)) as Layout;
  } catch {
    return { reason: 'it is damaged: its layout cannot be read' };
  }
  if (typeof layout !== 'object' || layout === null || typeof layout.header !== 'object' || layout.header === null)
    return { reason: 'it is damaged: its layout has no header' };
  // a header without a format number or a fingerprint is no snapshot of another version: damage
  if (!Number.isInteger(layout.header.format) || typeof layout.header.fingerprint !== 'string')
    return { reason: 'it is damaged: its header lacks its format or its fingerprint' };
  if (layout.header.format !== SNAPSHOT_FORMAT) return { reason: `it has format ${String(layout.header.format)}, not ${SNAPSHOT_FORMAT}` };
  if (layout.header.fingerprint !== fingerprint) return { reason: `it was built from something else (${layout.header.fingerprint})` };
  const start = align(MAGIC.length + 4 + jsonLength);
  const arrays: Record<string, Uint8Array | Uint16Array | Uint32Array> = {};
  if (!Array.isArray(layout.arrays) || !Array.isArray(layout.languages) || !Array.isArray(layout.schemes))
    return { reason: 'it is damaged: its layout lacks its arrays' };
  // the arrays lie one after another, each at the first offset aligned to 8 after the one
  // before, and the last ends where the checksum starts: an offset is told by the lengths and
  // types before it, and one that says otherwise (or a length that does) is damage
  let next = 0;
  for (const entry of layout.arrays) {
    const { name, type, length, offset } = entry ?? {};
    const Type = TYPES[type];
    if (typeof name !== 'string' || !Object.hasOwn(ARRAY_TYPES, name) || Object.hasOwn(arrays, name))
      return { reason: `it is damaged: its layout names the array ${JSON.stringify(String(name)).slice(0, 40)}, unknown or twice` };
    if (
      Type === undefined ||
      typeof name !== 'string' ||
      !Number.isSafeInteger(length) ||
      !Number.isSafeInteger(offset) ||
      length < 0 ||
      offset < 0 ||
      offset % 8 !== 0 ||
      start + offset + length * Type.BYTES_PER_ELEMENT > body
    )
      return { reason: `it is damaged: the array ${JSON.stringify(String(name)).slice(0, 40)} lies outside the file` };
    if (offset !== next) return { reason: `it is damaged: the array ${name} does not lie where the arrays before it end` };
    next = align(offset + length * Type.BYTES_PER_ELEMENT);
    arrays[name] = new Type(file.buffer as ArrayBuffer, file.byteOffset + start + offset, length);
  }
  if (start + next !== body) return { reason: 'it is damaged: its arrays do not end where its checksum starts' };
  return {
    data: { languages: layout.languages, schemes: layout.schemes, arrays: arrays as unknown as LabelIndexArrays },
    header: layout.header,
  };
}

/** Whether the last CHECKSUM_BYTES of `file` are the SHA-256 of the `body` bytes before them, hashed a part at a time. */
async function checksumHolds(file: Buffer, body: number): Promise<boolean> {
  const hash: Hash = createHash('sha256');
  for (let at = 0; at < body; at += PART) {
    hash.update(file.subarray(at, Math.min(body, at + PART)));
    if (at + PART < body) await yieldToOthers();
  }
  return hash.digest().equals(file.subarray(body));
}

async function writeAll(file: FileHandle, bytes: Buffer): Promise<void> {
  for (let at = 0; at < bytes.length;) at += (await file.write(bytes, at, bytes.length - at)).bytesWritten;
}

/** A file's bytes in shared memory, read asynchronously in parts of 16 MiB. */
async function readShared(path: string): Promise<Buffer> {
  const file = await openRegular(path);
  try {
    const size = (await file.stat()).size;
    const bytes = Buffer.from(new SharedArrayBuffer(size));
    for (let at = 0; at < size;) {
      const { bytesRead } = await file.read(bytes, at, Math.min(size - at, 1 << 24), at);
      if (bytesRead === 0) throw new Error('the file got shorter while it was read');
      at += bytesRead;
    }
    return bytes;
  } finally {
    await file.close();
  }
}

/**
 * `path` opened to read, if it is a regular file: opened without blocking (a FIFO would hold
 * the open, and a thread of libuv's pool with it, until a writer came), then refused unless
 * regular.
 */
async function openRegular(path: string): Promise<FileHandle> {
  const file = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  if (!(await file.stat()).isFile()) {
    await file.close();
    throw new Error('it is not a regular file');
  }
  return file;
}

function align(n: number): number {
  return Math.ceil(n / 8) * 8;
}
