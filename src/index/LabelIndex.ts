import { chooseLabel, type Label } from '../concepts/chooseLabel.js';
import { compareCodePoints } from '../concepts/compareCodePoints.js';
import { foldText } from '../concepts/foldedLetter.js';
import type { QueryTerm } from '../concepts/matchPatterns.js';

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const KINDS: Readonly<Record<string, number>> = { [`${SKOS}prefLabel`]: 0, [`${SKOS}altLabel`]: 1, [`${SKOS}hiddenLabel`]: 2 };
const PREF = 0;
const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const NOTATION = `${SKOS}notation`;
const SCHEME_PROPERTIES = new Set([`${SKOS}inScheme`, `${SKOS}topConceptOf`]);
const TIER = 1e10;

/** One row of `labels.rq`: `language` lower case, "" for none; for IRIs (schemes) the IRI. */
export interface IndexRow {
  concept: string;
  property: string;
  value: string;
  language: string;
}

export interface IndexFilter {
  /** Lower case: only labels in this language range, or untagged. */
  lang?: string | undefined;
  scheme?: string | undefined;
}

export interface IndexPage {
  limit: number;
  offset: number;
}

interface ConceptRecord {
  uri: string;
  pref: Label[];
  rdfs: Label[];
  schemes: Set<string>;
}

/**
 * The labels of every concept, held in memory so that /search and /suggest can match, rank
 * and page without asking the store: the same rules as `queries/generic/search.rq` and
 * `suggest.rq`, where a label word matches a query word when their folded forms are equal
 * (or, for a prefix, when the label word's starts with the query word's).
 *
 * Built once from rows and never changed: a refresh builds a new one.
 */
export class LabelIndex {
  private readonly concepts: ConceptRecord[] = [];
  /** Position of each concept in code-point order of URIs: the last tie-break. */
  private readonly uriRank: Int32Array;
  private readonly byUri = new Map<string, number>();

  // One entry per matchable label (prefLabel, altLabel, hiddenLabel).
  private readonly entryConcept: Int32Array;
  private readonly entryKind: Uint8Array;
  private readonly entryLength: Int32Array;
  private readonly entryLang: string[];
  /** The label's folded words joined by one space. */
  private readonly entryNormalized: string[];
  /** Entry ids in the order of their normalized text: a prefix of the label is a range. */
  private readonly sortedEntries: Int32Array;
  /** Distinct folded words, sorted, and the entries holding each. */
  private readonly words: string[];
  private readonly postings: Int32Array[];
  private readonly notations = new Map<string, number[]>();

  // Scratch space for one query at a time (queries run synchronously).
  private readonly mark: Int32Array;
  private stamp = 1;
  private readonly best: Float64Array;
  private readonly seen: Int32Array;

  constructor(rows: Iterable<IndexRow>) {
    const concept = (uri: string): number => {
      let index = this.byUri.get(uri);
      if (index === undefined) {
        index = this.concepts.length;
        this.concepts.push({ uri, pref: [], rdfs: [], schemes: new Set() });
        this.byUri.set(uri, index);
      }
      return index;
    };
    const seenRows = new Set<string>();
    const entryConcept: number[] = [];
    const entryKind: number[] = [];
    const entryLength: number[] = [];
    this.entryLang = [];
    this.entryNormalized = [];
    const postings = new Map<string, number[]>();
    const languages = new Map<string, string>();

    for (const row of rows) {
      const key = `${row.concept}\u0000${row.property}\u0000${row.language}\u0000${row.value}`;
      if (seenRows.has(key)) continue;
      seenRows.add(key);
      const c = concept(row.concept);
      const record = this.concepts[c] as ConceptRecord;
      const kind = KINDS[row.property];
      if (SCHEME_PROPERTIES.has(row.property)) {
        record.schemes.add(row.value);
      } else if (row.property === NOTATION) {
        const list = this.notations.get(row.value) ?? [];
        list.push(c);
        this.notations.set(row.value, list);
      } else if (row.property === RDFS_LABEL) {
        record.rdfs.push({ value: row.value, language: row.language });
      } else if (kind !== undefined) {
        if (kind === PREF) record.pref.push({ value: row.value, language: row.language });
        const entry = entryConcept.length;
        const folded = labelWords(row.value);
        entryConcept.push(c);
        entryKind.push(kind);
        entryLength.push(codePoints(row.value));
        const language = languages.get(row.language) ?? row.language;
        languages.set(language, language);
        this.entryLang.push(language);
        this.entryNormalized.push(folded.join(' '));
        for (const word of new Set(folded)) {
          const list = postings.get(word);
          if (list === undefined) postings.set(word, [entry]);
          else list.push(entry);
        }
      }
    }

    this.entryConcept = Int32Array.from(entryConcept);
    this.entryKind = Uint8Array.from(entryKind);
    this.entryLength = Int32Array.from(entryLength);
    const normalized = this.entryNormalized;
    this.sortedEntries = Int32Array.from(normalized.keys()).sort((a, b) => compareUnits(normalized[a] as string, normalized[b] as string));
    this.words = [...postings.keys()].sort(compareUnits);
    this.postings = this.words.map((word) => Int32Array.from(postings.get(word) as number[]));
    const order = Int32Array.from(this.concepts.keys()).sort((a, b) => compareCodePoints((this.concepts[a] as ConceptRecord).uri, (this.concepts[b] as ConceptRecord).uri));
    this.uriRank = new Int32Array(this.concepts.length);
    order.forEach((conceptIndex, rank) => (this.uriRank[conceptIndex] = rank));
    this.mark = new Int32Array(this.entryConcept.length);
    this.best = new Float64Array(this.concepts.length).fill(Infinity);
    this.seen = new Int32Array(this.concepts.length);
  }

  /** Sizes, for the log. */
  get stats(): { concepts: number; labels: number; words: number } {
    return { concepts: this.concepts.length, labels: this.entryConcept.length, words: this.words.length };
  }

  /**
   * /suggest: every query word starts a word of the label. Tiers: 1 prefLabel starts with
   * the query, 2 an alt/hidden label does, 3 other prefLabels, 4 other alt/hidden labels.
   * Returns the page's concept URIs, best first.
   */
  suggest(terms: readonly QueryTerm[], filter: IndexFilter, page: IndexPage): string[] {
    if (terms.length === 0) return [];
    const query = terms.map((term) => term.folded).join(' ');
    const ranking = this.startRanking();
    for (const entry of this.startingWith(query)) {
      if (this.passes(entry, filter)) ranking.offer(this.entryConcept[entry] as number, this.key(entry, this.entryKind[entry] === PREF ? 1 : 2));
    }
    // A concept that starts a label ranks before any that does not: when the first two tiers
    // fill the page, the other tiers cannot change it.
    if (ranking.size < page.offset + page.limit) {
      for (const entry of this.matching(terms)) {
        if (!this.passes(entry, filter)) continue;
        const starts = (this.entryNormalized[entry] as string).startsWith(query);
        const pref = this.entryKind[entry] === PREF;
        ranking.offer(this.entryConcept[entry] as number, this.key(entry, starts ? (pref ? 1 : 2) : pref ? 3 : 4));
      }
    }
    return ranking.page(page);
  }

  /**
   * /search: every query word equals a word of the label (a prefix word starts one), or the
   * notation equals `q`. Tiers: 1 prefLabel equals the query, 2 an alt/hidden label does,
   * 3 prefLabel starts with it, 4 an alt/hidden label does, 5 the rest (and notations).
   */
  search(terms: readonly QueryTerm[], q: string, filter: IndexFilter, page: IndexPage): string[] {
    const ranking = this.startRanking();
    if (terms.length > 0) {
      const query = terms.map((term) => term.folded).join(' ');
      for (const entry of this.matching(terms)) {
        if (!this.passes(entry, filter)) continue;
        const normalized = this.entryNormalized[entry] as string;
        const pref = this.entryKind[entry] === PREF;
        const tier = normalized === query ? (pref ? 1 : 2) : normalized.startsWith(query) ? (pref ? 3 : 4) : 5;
        ranking.offer(this.entryConcept[entry] as number, this.key(entry, tier));
      }
    }
    for (const c of this.notations.get(q) ?? []) {
      if (filter.scheme === undefined || (this.concepts[c] as ConceptRecord).schemes.has(filter.scheme)) ranking.offer(c, 5 * TIER + codePoints(q) * 10 + 1);
    }
    return ranking.page(page);
  }

  /** The prefLabel a concept shows in `lang` (lower case), by the contract's rule; "" when it has none. */
  prefLabel(uri: string, lang: string): string {
    const index = this.byUri.get(uri);
    if (index === undefined) return '';
    const record = this.concepts[index] as ConceptRecord;
    return chooseLabel(record.pref, lang) ?? chooseLabel(record.rdfs, lang) ?? '';
  }

  private key(entry: number, tier: number): number {
    return tier * TIER + (this.entryLength[entry] as number) * 10 + (this.entryKind[entry] === PREF ? 0 : 1);
  }

  private passes(entry: number, { lang, scheme }: IndexFilter): boolean {
    if (lang !== undefined) {
      const tag = this.entryLang[entry] as string;
      if (tag !== '' && tag !== lang && !(tag.startsWith(lang) && tag.charAt(lang.length) === '-')) return false;
    }
    return scheme === undefined || (this.concepts[this.entryConcept[entry] as number] as ConceptRecord).schemes.has(scheme);
  }

  /** Entries whose normalized label starts with `text`. */
  private *startingWith(text: string): Generator<number> {
    const normalized = this.entryNormalized;
    let low = 0;
    let high = this.sortedEntries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((normalized[this.sortedEntries[middle] as number] as string) < text) low = middle + 1;
      else high = middle;
    }
    for (let i = low; i < this.sortedEntries.length; i++) {
      const entry = this.sortedEntries[i] as number;
      if (!(normalized[entry] as string).startsWith(text)) return;
      yield entry;
    }
  }

  /** Entries that hold, for every term, a word equal to it (or starting with it). */
  private matching(terms: readonly QueryTerm[]): number[] {
    const lists = terms.map((term) => this.entriesFor(term)).sort((a, b) => length(a) - length(b));
    if (this.stamp > 2 ** 30) {
      this.mark.fill(0);
      this.stamp = 0;
    }
    // mark[entry] counts the terms matched so far, offset by this query's stamp.
    const base = this.stamp;
    this.stamp += lists.length + 2;
    lists.forEach((list, i) => {
      for (const postings of list) {
        for (const entry of postings) {
          if (i === 0) this.mark[entry] = base + 1;
          else if (this.mark[entry] === base + i) this.mark[entry] = base + i + 1;
        }
      }
    });
    const result: number[] = [];
    for (const postings of lists[0] ?? []) {
      for (const entry of postings) {
        if (this.mark[entry] === base + lists.length) {
          result.push(entry);
          this.mark[entry] = base + lists.length + 1; // once
        }
      }
    }
    return result;
  }

  /** The posting lists of the words a term matches. */
  private entriesFor({ folded, prefix }: QueryTerm): Int32Array[] {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.words[middle] as string) < folded) low = middle + 1;
      else high = middle;
    }
    const lists: Int32Array[] = [];
    for (let i = low; i < this.words.length; i++) {
      const word = this.words[i] as string;
      if (prefix ? !word.startsWith(folded) : word !== folded) break;
      lists.push(this.postings[i] as Int32Array);
    }
    return lists;
  }

  /** Keeps each concept's best key, then gives a page of concepts by key, then URI. */
  private startRanking(): { size: number; offer(concept: number, key: number): void; page(page: IndexPage): string[] } {
    const touched: number[] = [];
    const best = this.best;
    return {
      get size() {
        return touched.length;
      },
      offer: (c, key) => {
        if (best[c] === Infinity) touched.push(c);
        if (key < (best[c] as number)) best[c] = key;
      },
      page: ({ limit, offset }) => {
        const order = (a: number, b: number): number => (best[a] as number) - (best[b] as number) || (this.uriRank[a] as number) - (this.uriRank[b] as number);
        const top = smallest(touched, offset + limit, order).slice(offset);
        const uris = top.map((c) => (this.concepts[c] as ConceptRecord).uri);
        for (const c of touched) best[c] = Infinity;
        return uris;
      },
    };
  }
}

/** The folded words of a label, split as the regular expressions split them. */
function labelWords(label: string): string[] {
  return [...label.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map((match) => foldText(match[0]));
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function compareUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function length(lists: Int32Array[]): number {
  return lists.reduce((sum, list) => sum + list.length, 0);
}

/** The `count` smallest items by `order`, sorted: a full sort when that is cheap, else a bounded heap. */
function smallest(items: number[], count: number, order: (a: number, b: number) => number): number[] {
  if (items.length <= count * 4) return [...items].sort(order).slice(0, count);
  const heap: number[] = []; // a max-heap of the best `count` so far
  const up = (i: number): void => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (order(heap[i] as number, heap[parent] as number) <= 0) return;
      [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
      i = parent;
    }
  };
  const down = (i: number): void => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < heap.length && order(heap[left] as number, heap[largest] as number) > 0) largest = left;
      if (right < heap.length && order(heap[right] as number, heap[largest] as number) > 0) largest = right;
      if (largest === i) return;
      [heap[i], heap[largest]] = [heap[largest] as number, heap[i] as number];
      i = largest;
    }
  };
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      up(heap.length - 1);
    } else if (count > 0 && order(item, heap[0] as number) < 0) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.sort(order);
}
