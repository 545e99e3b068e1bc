/**
 * The label index as plain typed arrays and byte buffers: what the builder lays out, what a
 * snapshot file holds, and what `LabelIndex` reads. Texts are UTF-8; a text list is a buffer
 * and offsets, item i being `text[offsets[i] .. offsets[i + 1])`.
 *
 * - Concepts are numbered in code point order of their IRIs (`conceptText`), so that the
 *   contract's last tie-break, the URI, is the number.
 * - Entries are the matchable labels (prefLabel, altLabel, hiddenLabel), numbered in the
 *   order in which they rank within a tier (`withinTierKey` in domain/ranking.ts):
 *   prefLabels first, then the concept's standing, then shorter labels,
 *   then the concept's prefLabel in the default language, then its URI. Their text is the
 *   folded words joined by one space. `textOrder` lists the entries in byte order of that
 *   text, so that the labels starting with a text are a range of it; `filingOrder` lists the
 *   entries that have a filing form (one leading article less) in byte order of that form.
 * - Words are the distinct folded words, in byte order; `postings` holds, word by word, the
 *   entries that contain the word, ascending.
 */
export interface LabelIndexArrays {
  conceptText: Uint8Array;
  conceptOffsets: Uint32Array;
  /** Per concept, a range of `conceptSchemes` (scheme numbers into `schemes`). */
  conceptSchemeOffsets: Uint32Array;
  conceptSchemes: Uint32Array;
  /** Per concept, a range of its labels to show: prefLabels (kind 0) and rdfs:labels (kind 1). */
  displayOffsets: Uint32Array;
  displayKind: Uint8Array;
  displayLanguage: Uint16Array;
  displayText: Uint8Array;
  displayTextOffsets: Uint32Array;
  entryConcept: Uint32Array;
  entryLanguage: Uint16Array;
  /** The label's length in code points, as SPARQL's STRLEN counts it. */
  entryLength: Uint32Array;
  entryText: Uint8Array;
  entryTextOffsets: Uint32Array;
  textOrder: Uint32Array;
  filingOrder: Uint32Array;
  wordText: Uint8Array;
  wordOffsets: Uint32Array;
  postingOffsets: Uint32Array;
  postings: Uint32Array;
  /** Notations in byte order, each with its concept. */
  notationText: Uint8Array;
  notationOffsets: Uint32Array;
  notationConcept: Uint32Array;
}

export interface LabelIndexData {
  /** Language tags, lower case ("" for none), numbered as `entryLanguage` and `displayLanguage` use them. */
  languages: string[];
  schemes: string[];
  arrays: LabelIndexArrays;
}
