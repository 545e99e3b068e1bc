import { chooseLabel } from '../domain/chooseLabel.js';
import { filingForm } from '../domain/filingForm.js';
import { foldedLabel } from '../domain/foldedLetter.js';
import { withinTierKey } from '../domain/ranking.js';
import { standingOf } from '../domain/standing.js';
import { isRdfIri } from '../sparql/iri.js';
import { Growable, TextList, reorderText } from './Growable.js';
import type { LabelIndexData } from './LabelIndexData.js';
import { sortByBytes } from './sortByBytes.js';

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const PREF_LABEL = `${SKOS}prefLabel`;
const ALT_LABEL = `${SKOS}altLabel`;
const HIDDEN_LABEL = `${SKOS}hiddenLabel`;
const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const NOTATION = `${SKOS}notation`;
const IN_SCHEME = `${SKOS}inScheme`;
const TOP_CONCEPT_OF = `${SKOS}topConceptOf`;
const NARROWER = `${SKOS}narrower`;
const RELATED = `${SKOS}related`;

/** One row of `labels.rq`: `language` lower case, "" for none; for IRIs (schemes) the IRI. */
export interface IndexRow {
  concept: string;
  property: string;
  value: string;
  language: string;
}

/**
 * Gathers the rows of `labels.rq` as they stream in, into typed arrays and byte buffers
 * (no object per row), then lays them out as a `LabelIndexData`. Rows may come in any
 * order and more than once (a concept with two concept types comes twice).
 */
export class LabelIndexBuilder {
  private conceptIds: Map<string, number> | undefined = new Map();
  private readonly conceptIris = new TextList();
  private readonly languages: string[] = [];
  private readonly languageIds = new Map<string, number>();
  private readonly schemes: string[] = [];
  private readonly schemeIds = new Map<string, number>();

  // matchable labels (prefLabel, altLabel, hiddenLabel)
  private readonly entryConcept = new Growable(Uint32Array);
  private readonly entryAlt = new Growable(Uint8Array);
  private readonly entryLanguage = new Growable(Uint16Array);
  private readonly entryLength = new Growable(Uint32Array);
  private readonly entryText = new TextList();
  // labels to show (prefLabel 0, rdfs:label 1)
  private readonly displayConcept = new Growable(Uint32Array);
  private readonly displayKind = new Growable(Uint8Array);
  private readonly displayLanguage = new Growable(Uint16Array);
  private readonly displayText = new TextList();
  private readonly notationConcept = new Growable(Uint32Array);
  private readonly notationText = new TextList();
  private readonly memberConcept = new Growable(Uint32Array);
  private readonly memberScheme = new Growable(Uint32Array);
  // links that make a concept's standing: (concept, kind 0 narrower / 1 related, hash of the other IRI)
  private readonly linkConcept = new Growable(Uint32Array);
  private readonly linkKind = new Growable(Uint8Array);
  private readonly linkHash = new Growable(Uint32Array);
  /** Rows taken. */
  rows = 0;
  /**
   * Concepts left out because no query can name them: blank nodes, and IRIs that RDF's
   * grammars allow but IRI validation refuses (a letter lost to U+FFFD), which the embedded
   * store loads leniently but no strict SPARQL parser accepts in a query: their details could
   * never be read, nor /get find them.
   */
  readonly unnameable = new Set<string>();

  /**
   * `defaultLang`: the configured default language (lower case), whose prefLabel is a
   * tie-break (ranking.ts); `weights`: an institution's own counts by concept URI
   * (CONCEPT_WEIGHTS), part of the standing.
   */
  constructor(
    private readonly defaultLang: string,
    private readonly weights?: ReadonlyMap<string, number>,
  ) {}

  add(row: IndexRow): void {
    const { property } = row;
    this.rows++;
    const concept = this.concept(row.concept);
    if (concept < 0) return;
    if (property === PREF_LABEL || property === ALT_LABEL || property === HIDDEN_LABEL) {
      const language = this.language(row.language);
      this.entryConcept.push(concept);
      this.entryAlt.push(property === PREF_LABEL ? 0 : 1);
      this.entryLanguage.push(language);
      this.entryLength.push(codePoints(row.value));
      this.entryText.push(foldedLabel(row.value));
      if (property === PREF_LABEL) this.display(concept, 0, language, row.value);
    } else if (property === RDFS_LABEL) {
      this.display(concept, 1, this.language(row.language), row.value);
    } else if (property === NOTATION) {
      this.notationConcept.push(concept);
      this.notationText.push(row.value);
    } else if (property === IN_SCHEME || property === TOP_CONCEPT_OF) {
      this.memberConcept.push(concept);
      let scheme = this.schemeIds.get(row.value);
      if (scheme === undefined) {
        scheme = this.schemes.length;
        this.schemes.push(row.value);
        this.schemeIds.set(row.value, scheme);
      }
      this.memberScheme.push(scheme);
    } else if (property === NARROWER || property === RELATED) {
      this.linkConcept.push(concept);
      this.linkKind.push(property === NARROWER ? 0 : 1);
      this.linkHash.push(hash(row.value));
    }
  }

  /** Lays the rows out; the builder is spent afterwards. */
  build(): LabelIndexData {
    // Concepts are numbered in code point order of their IRIs: the last tie-break is then the number.
    this.conceptIds = undefined;
    const iris = this.conceptIris.take();
    const conceptCount = iris.offsets.length - 1;
    const conceptOrder = identity(conceptCount);
    sortByBytes(iris.text, iris.offsets, conceptOrder);
    const rank = new Uint32Array(conceptCount);
    conceptOrder.forEach((old, position) => (rank[old] = position));
    const concepts = reorderText(iris.text, iris.offsets, conceptOrder);

    const display = groupBy(conceptCount, this.displayConcept.take(), rank);
    const displayText = this.displayText.take();
    const displayKind = this.displayKind.take();
    const displayLanguage = this.displayLanguage.take();
    const displayTexts = reorderText(displayText.text, displayText.offsets, display.order);
    const displayKinds = Uint8Array.from(display.order, (i) => displayKind[i] as number);
    const displayLanguages = Uint16Array.from(display.order, (i) => displayLanguage[i] as number);
    const standing = this.standings(conceptCount, rank, display.offsets, displayKinds, displayLanguages, concepts);
    const tie = this.ties(conceptCount, display.offsets, displayKinds, displayLanguages, displayTexts);

    const entries = this.entries(rank, standing, tie);
    const textOrder = identity(entries.concept.length);
    sortByBytes(entries.text, entries.textOffsets, textOrder);
    const filingOrder = this.filingOrder(entries);
    const words = wordsOf(entries.text, entries.textOffsets);
    const member = groupBy(conceptCount, this.memberConcept.take(), rank);
    const memberScheme = this.memberScheme.take();
    const notationText = this.notationText.take();
    const notationOrder = identity(notationText.offsets.length - 1);
    sortByBytes(notationText.text, notationText.offsets, notationOrder);
    const notationConcept = this.notationConcept.take();
    const notations = reorderText(notationText.text, notationText.offsets, notationOrder);

    return {
      languages: this.languages,
      schemes: this.schemes,
      arrays: {
        conceptText: concepts.text,
        conceptOffsets: concepts.offsets,
        conceptSchemeOffsets: member.offsets,
        conceptSchemes: Uint32Array.from(member.order, (i) => memberScheme[i] as number),
        displayOffsets: display.offsets,
        displayKind: displayKinds,
        displayLanguage: displayLanguages,
        displayText: displayTexts.text,
        displayTextOffsets: displayTexts.offsets,
        entryConcept: entries.concept,
        entryLanguage: entries.language,
        entryLength: entries.length,
        entryText: entries.text,
        entryTextOffsets: entries.textOffsets,
        textOrder,
        filingOrder,
        wordText: words.text,
        wordOffsets: words.offsets,
        postingOffsets: words.postingOffsets,
        postings: words.postings,
        notationText: notations.text,
        notationOffsets: notations.offsets,
        notationConcept: Uint32Array.from(notationOrder, (i) => rank[notationConcept[i] as number] as number),
      },
    };
  }

  /**
   * The matchable labels numbered in the order in which they rank within a tier
   * (`withinTierKey`: prefLabels before alt and hidden labels, then the concept's standing,
   * then shorter first, then the concept's tie rank, its prefLabel in the default language
   * and then its URI). Duplicates (same concept, kind, language and folded text) are dropped.
   */
  private entries(rank: Uint32Array, standing: Uint8Array, tie: Uint32Array): { concept: Uint32Array; language: Uint16Array; length: Uint32Array; text: Uint8Array; textOffsets: Uint32Array } {
    const alt = this.entryAlt.take();
    const length = this.entryLength.take();
    const concept = this.entryConcept.take().map((c) => rank[c] as number);
    const language = this.entryLanguage.take();
    const { text, offsets } = this.entryText.take();
    const keys = Float64Array.from(concept, (c, i) => withinTierKey(alt[i] === 0, standing[c] as number, length[i] as number, tie[c] as number));
    const order = identity(concept.length).sort((a, b) => (keys[a] as number) - (keys[b] as number) || (concept[a] as number) - (concept[b] as number));
    const same = (a: number, b: number): boolean =>
      alt[a] === alt[b] && length[a] === length[b] && concept[a] === concept[b] && language[a] === language[b] && Buffer.from(text.buffer, text.byteOffset).compare(text, offsets[a], offsets[a + 1], offsets[b], offsets[b + 1]) === 0;
    const kept = new Growable(Uint32Array, order.length);
    for (let i = 0; i < order.length; i++) {
      const entry = order[i] as number;
      let duplicate = false;
      // equal entries sort next to each other, within a run of the same kind, length and concept
      for (let j = i - 1; j >= 0 && !duplicate; j--) {
        const other = order[j] as number;
        if (alt[other] !== alt[entry] || length[other] !== length[entry] || concept[other] !== concept[entry]) break;
        duplicate = same(entry, other);
      }
      if (!duplicate) kept.push(entry);
    }
    const keptOrder = kept.take();
    const texts = reorderText(text, offsets, keptOrder);
    return {
      concept: Uint32Array.from(keptOrder, (i) => concept[i] as number),
      language: Uint16Array.from(keptOrder, (i) => language[i] as number),
      length: Uint32Array.from(keptOrder, (i) => length[i] as number),
      text: texts.text,
      textOffsets: texts.offsets,
    };
  }

  /**
   * Each concept's standing (standing.ts), by its new number: the distinct concepts linked
   * to it, and the languages of its prefLabels.
   */
  private standings(conceptCount: number, rank: Uint32Array, displayOffsets: Uint32Array, displayKind: Uint8Array, displayLanguage: Uint16Array, iris: { text: Uint8Array; offsets: Uint32Array }): Uint8Array {
    const iriText = Buffer.from(iris.text.buffer, iris.text.byteOffset, iris.text.byteLength);
    const weightOf = (c: number): number => (this.weights === undefined || this.weights.size === 0 ? 0 : (this.weights.get(iriText.toString('utf8', iris.offsets[c], iris.offsets[c + 1])) ?? 0));
    const links = groupBy(conceptCount, this.linkConcept.take(), rank);
    const kind = this.linkKind.take();
    const hashes = this.linkHash.take();
    const standing = new Uint8Array(conceptCount);
    const seen = new Set<number>();
    const languages = new Set<number>();
    for (let c = 0; c < conceptCount; c++) {
      const counts = [0, 0];
      for (const k of [0, 1]) {
        seen.clear();
        for (let i = links.offsets[c] as number; i < (links.offsets[c + 1] as number); i++) {
          const link = links.order[i] as number;
          if (kind[link] === k && !seen.has(hashes[link] as number)) {
            seen.add(hashes[link] as number);
            counts[k] = (counts[k] as number) + 1;
          }
        }
      }
      languages.clear();
      for (let i = displayOffsets[c] as number; i < (displayOffsets[c + 1] as number); i++) if (displayKind[i] === 0) languages.add(displayLanguage[i] as number);
      standing[c] = Math.min(255, standingOf({ narrower: counts[0] as number, related: counts[1] as number, languages: languages.size, weight: weightOf(c) }));
    }
    return standing;
  }

  /** Each concept's place in the tie-break order: its prefLabel chosen for the default language, then its URI (its number). */
  private ties(conceptCount: number, displayOffsets: Uint32Array, displayKind: Uint8Array, displayLanguage: Uint16Array, displayText: { text: Uint8Array; offsets: Uint32Array }): Uint32Array {
    const labels = new TextList();
    const bytes = Buffer.from(displayText.text.buffer, displayText.text.byteOffset, displayText.text.byteLength);
    for (let c = 0; c < conceptCount; c++) {
      const pref = [];
      for (let i = displayOffsets[c] as number; i < (displayOffsets[c + 1] as number); i++) {
        if (displayKind[i] === 0) pref.push({ value: bytes.toString('utf8', displayText.offsets[i], displayText.offsets[i + 1]), language: this.languages[displayLanguage[i] as number] as string });
      }
      labels.push(chooseLabel(pref, this.defaultLang) ?? '');
    }
    const { text, offsets } = labels.take();
    const order = identity(conceptCount);
    sortByBytes(text, offsets, order);
    // equal prefLabels: by URI, which is the concept number
    const same = (a: number, b: number): boolean => Buffer.from(text.buffer, text.byteOffset, text.byteLength).compare(text, offsets[a], offsets[a + 1], offsets[b], offsets[b + 1]) === 0;
    for (let from = 0; from < conceptCount; ) {
      let to = from + 1;
      while (to < conceptCount && same(order[from] as number, order[to] as number)) to++;
      if (to - from > 1) order.subarray(from, to).sort();
      from = to;
    }
    const tie = new Uint32Array(conceptCount);
    order.forEach((concept, position) => (tie[concept] = position));
    return tie;
  }

  /** The entries that have a filing form (filingForm.ts), in byte order of it: the text after the first word. */
  private filingOrder(entries: { language: Uint16Array; text: Uint8Array; textOffsets: Uint32Array }): Uint32Array {
    const bytes = Buffer.from(entries.text.buffer, entries.text.byteOffset, entries.text.byteLength);
    const filing = new Growable(Uint32Array);
    const forms = new TextList();
    for (let entry = 0; entry < entries.language.length; entry++) {
      const start = entries.textOffsets[entry] as number;
      const end = entries.textOffsets[entry + 1] as number;
      const space = bytes.indexOf(0x20, start);
      if (space < 0 || space >= end) continue;
      const first = bytes.toString('utf8', start, space);
      if (filingForm([first, ''], this.languages[entries.language[entry] as number] as string) === undefined) continue;
      filing.push(entry);
      forms.push(bytes.toString('utf8', space + 1, end));
    }
    const entryOf = filing.take();
    const { text, offsets } = forms.take();
    const order = identity(entryOf.length);
    sortByBytes(text, offsets, order);
    return Uint32Array.from(order, (i) => entryOf[i] as number);
  }

  /** The concept's number, given at its first row; -1 for a concept no query can name (checked once). */
  private concept(iri: string): number {
    const ids = this.conceptIds as Map<string, number>;
    let id = ids.get(iri);
    if (id === undefined) {
      if (this.unnameable.has(iri)) return -1;
      if (!isRdfIri(iri)) {
        this.unnameable.add(iri);
        return -1;
      }
      id = this.conceptIris.count;
      this.conceptIris.push(iri);
      // The key is a fresh copy, read back from the bytes: `iri` is most often a slice of a
      // large chunk of the store's answer, which a Map key would otherwise keep alive (two
      // million keys kept about a gigabyte of answer text).
      ids.set(this.conceptIris.last(), id);
    }
    return id;
  }

  private language(tag: string): number {
    let id = this.languageIds.get(tag);
    if (id === undefined) {
      id = this.languages.length;
      if (id > 0xffff) throw new RangeError('more than 65,536 language tags');
      this.languages.push(tag);
      this.languageIds.set(tag, id);
    }
    return id;
  }

  private display(concept: number, kind: number, language: number, value: string): void {
    this.displayConcept.push(concept);
    this.displayKind.push(kind);
    this.displayLanguage.push(language);
    this.displayText.push(value);
  }
}

function identity(n: number): Uint32Array {
  const ids = new Uint32Array(n);
  for (let i = 0; i < n; i++) ids[i] = i;
  return ids;
}

/** Items grouped by their concept's new number: `order` lists item ids concept by concept, `offsets` where each concept's start. */
function groupBy(conceptCount: number, itemConcept: Uint32Array, rank: Uint32Array): { offsets: Uint32Array; order: Uint32Array } {
  const offsets = new Uint32Array(conceptCount + 1);
  for (const c of itemConcept) {
    const at = (rank[c] as number) + 1;
    offsets[at] = (offsets[at] as number) + 1;
  }
  for (let c = 0; c < conceptCount; c++) offsets[c + 1] = (offsets[c + 1] as number) + (offsets[c] as number);
  const next = offsets.slice(0, conceptCount);
  const order = new Uint32Array(itemConcept.length);
  itemConcept.forEach((c, item) => {
    const group = rank[c] as number;
    const at = next[group] as number;
    next[group] = at + 1;
    order[at] = item;
  });
  return { offsets, order };
}

/**
 * The distinct words of the entries' folded texts (split at spaces), sorted by bytes, and
 * for each the entries that hold it, ascending: a word prefix is a range of words, and so a
 * range of postings.
 */
function wordsOf(text: Uint8Array, offsets: Uint32Array): { text: Uint8Array; offsets: Uint32Array; postingOffsets: Uint32Array; postings: Uint32Array } {
  const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  const ids = new Map<string, number>(); // latin1 keys: one character per byte
  const list = new TextList();
  const entryCount = offsets.length - 1;
  // at most one occurrence per word: sized up front, these are the build's largest lists
  let most = 0;
  for (let entry = 0; entry < entryCount; entry++) if ((offsets[entry + 1] as number) > (offsets[entry] as number)) most++;
  for (let at = bytes.indexOf(0x20); at >= 0; at = bytes.indexOf(0x20, at + 1)) most++;
  const occurrenceWord = new Growable(Uint32Array, Math.max(1, most));
  const occurrenceEntry = new Growable(Uint32Array, Math.max(1, most));
  for (let entry = 0; entry < entryCount; entry++) {
    const start = offsets[entry] as number;
    const end = offsets[entry + 1] as number;
    const first = occurrenceWord.length;
    for (let from = start; from <= end; ) {
      let to = bytes.indexOf(0x20, from);
      if (to < 0 || to > end) to = end;
      if (to === from) {
        from = to + 1; // a label without words
        continue;
      }
      const key = bytes.toString('latin1', from, to);
      let id = ids.get(key);
      if (id === undefined) {
        id = list.count;
        ids.set(key, id);
        list.push(bytes.toString('utf8', from, to));
      }
      let again = false;
      for (let k = first; k < occurrenceWord.length && !again; k++) again = occurrenceWord.get(k) === id;
      if (!again) {
        occurrenceWord.push(id);
        occurrenceEntry.push(entry);
      }
      from = to + 1;
    }
  }
  ids.clear();
  const words = list.take();
  const wordOrder = identity(words.offsets.length - 1);
  sortByBytes(words.text, words.offsets, wordOrder);
  const wordRank = new Uint32Array(wordOrder.length);
  wordOrder.forEach((old, position) => (wordRank[old] = position));
  const sorted = reorderText(words.text, words.offsets, wordOrder);
  const grouped = groupBy(wordOrder.length, occurrenceWord.take(), wordRank);
  const entryOf = occurrenceEntry.take();
  return { text: sorted.text, offsets: sorted.offsets, postingOffsets: grouped.offsets, postings: Uint32Array.from(grouped.order, (i) => entryOf[i] as number) };
}

/** A 32-bit FNV-1a hash of a string's UTF-16 code units: tells linked concepts apart (a collision costs one link). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** STRLEN: the length in code points. */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) if ((text.charCodeAt(i) & 0xfc00) === 0xdc00) count--;
  return count;
}
