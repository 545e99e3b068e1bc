import { TextList } from './Growable.js';

/**
 * Numbers IRIs in the order they are first seen, holding each once as UTF-8 bytes in one
 * buffer, with an open-addressing hash table of numbers beside it: about 40 bytes an IRI of
 * 30 letters, where a `Map` of strings takes some 100 (and a string sliced from a store's
 * answer keeps the whole answer alive). A build reads millions of rows, each naming its
 * subject by IRI; this turns every one into a number without keeping the row's string.
 */
export class IriTable {
  private texts = new TextList();
  /** Slot: id + 1, 0 for empty. Its length is a power of two, at most half full. */
  private slots = new Uint32Array(1 << 12);
  /** Scratch for encoding the IRI looked up. */
  private scratch = Buffer.allocUnsafe(1024);

  get size(): number {
    return this.texts.count;
  }

  /** A table of the IRIs a `take()` handed over, for their text alone: it numbers no more. */
  static of(text: Uint8Array, offsets: Uint32Array): IriTable {
    const table = new IriTable();
    table.texts = TextList.of(text, offsets);
    table.slots = new Uint32Array(0);
    return table;
  }

  /** The IRI's number, given it at its first sight. */
  id(iri: string): number {
    if (iri.length * 3 > this.scratch.length) this.scratch = Buffer.allocUnsafe(iri.length * 3);
    const length = this.scratch.write(iri, 0, 'utf8');
    const hash = fnv1a(this.scratch, length);
    const mask = this.slots.length - 1;
    const { text, offsets } = this.texts.view;
    const bytes = text as Buffer;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot] as number;
      if (held === 0) break;
      const start = offsets[held - 1] as number;
      const end = offsets[held] as number;
      if (end - start === length && this.scratch.compare(bytes, start, end, 0, length) === 0) return held - 1;
    }
    const id = this.texts.count;
    this.texts.push(iri);
    if ((id + 1) * 2 > this.slots.length) this.grow();
    else this.place(hash, id);
    return id;
  }

  /** The IRI numbered `id`. */
  iri(id: number): string {
    const { text, offsets } = this.texts.view;
    return (text as Buffer).toString('utf8', offsets[id], offsets[id + 1]);
  }

  /** Hands the IRIs over as a text list (item i is IRI number i) and forgets them. */
  take(): { text: Uint8Array; offsets: Uint32Array } {
    this.slots = new Uint32Array(0);
    return this.texts.take();
  }

  private place(hash: number, id: number): void {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = id + 1;
  }

  private grow(): void {
    this.slots = new Uint32Array(this.slots.length * 2);
    const { text, offsets } = this.texts.view;
    const bytes = text as Buffer;
    for (let id = 0; id < this.texts.count; id++) {
      const start = offsets[id] as number;
      this.place(fnv1a(bytes.subarray(start, offsets[id + 1] as number), (offsets[id + 1] as number) - start), id);
    }
  }
}

/** 32-bit FNV-1a of the first `length` bytes. */
function fnv1a(bytes: Uint8Array, length: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < length; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}
