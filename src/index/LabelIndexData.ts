/** The kinds of what a result shows of a resource (`displayKind`). */
export const DISPLAY = { prefLabel: 0, rdfsLabel: 1, altLabel: 2, scopeNote: 3, title: 4 } as const;

/**
 * The label index as plain typed arrays and byte buffers: what the builder lays out, what a
 * snapshot file holds, and what `LabelIndex` reads. Texts are UTF-8; a text list is a buffer
 * and offsets, item i being `text[offsets[i] .. offsets[i + 1])`.
 *
 * - Concepts are numbered in code point order of their IRIs (`conceptText`), so that the
 *   contract's last tie-break, the URI, is the number. The resources a result shows besides
 *   them (`otherText`) are numbered after them: together, the shown resources.
 * - Entries are the matchable labels (prefLabel, altLabel, hiddenLabel), numbered in the
 *   order in which they rank within a tier (`withinTierKey` in domain/ranking.ts):
 *   prefLabels first, then the concept's standing, then shorter labels,
 *   then the concept's prefLabel in the default language, then its URI. Their text is the
 *   folded words joined by one space. `textOrder` lists the entries in byte order of that
 *   text, equal texts by entry number, so that the labels starting with a text are a range of
 *   it and those equal to it come in the order they rank in; `filingOrder` lists the entries
 *   that have a filing form (one leading article less) in byte order of that form, alike.
 * - Words are the distinct folded words, in byte order; `postings` holds, word by word, the
 *   entries that contain the word, ascending.
 */
export interface LabelIndexArrays {
  conceptText: Uint8Array;
  conceptOffsets: Uint32Array;
  /** Per concept, a range of `conceptSchemes` (scheme numbers into `schemes`). */
  conceptSchemeOffsets: Uint32Array;
  conceptSchemes: Uint32Array;
  /**
   * Per shown resource (the concepts, then `otherText`'s), a range of its labels and notes to
   * show, of the kinds of `DISPLAY` (LabelIndexBuilder.ts): prefLabels and rdfs:labels (of
   * every shown resource), altLabels and scopeNotes (of concepts). Literals only.
   */
  displayOffsets: Uint32Array;
  displayKind: Uint8Array;
  displayLanguage: Uint16Array;
  /**
   * The labels and notes as written, each as its tokens' codes (`TokenText.ts`: split at
   * single spaces, each distinct token once in `displayTokenText`).
   */
  displayText: Uint8Array;
  displayTextOffsets: Uint32Array;
  displayTokenText: Uint8Array;
  displayTokenOffsets: Uint32Array;
  entryConcept: Uint32Array;
  entryLanguage: Uint16Array;
  /** The label's length in code points, as SPARQL's STRLEN counts it. */
  entryLength: Uint32Array;
  /**
   * How many words the label's folded text has, at most 255: reconciliation's bound reads it
   * for every label it meets, a byte where the text would cost two cache misses.
   */
  entryWords: Uint8Array;
  /**
   * Per entry, a range of `entryWordCodes`: its folded text (foldedLabel: words joined by
   * single spaces) as its words' codes, each an unsigned LEB128 varint; `wordOfCode` maps a
   * code to the word's number in `wordText`. A text is kept once, as codes of one or two
   * bytes a word, not as its bytes again beside the label shown (wordPostings.ts).
   */
  entryWordCodes: Uint8Array;
  entryWordOffsets: Uint32Array;
  wordOfCode: Uint32Array;
  textOrder: Uint32Array;
  filingOrder: Uint32Array;
  wordText: Uint8Array;
  wordOffsets: Uint32Array;
  /**
   * Per word, the languages of the labels that hold it, a bit a language number
   * (`languageBit`): a word shares a stem with a query word only in one of those, and is
   * stemmed in those alone.
   */
  wordLanguages: Uint32Array;
  postingOffsets: Uint32Array;
  postings: Uint32Array;
  /** Notations in byte order, each with its concept. */
  notationText: Uint8Array;
  notationOffsets: Uint32Array;
  notationConcept: Uint32Array;
  /** Per concept, a range of `conceptNotations`: its notations' numbers (into `notationText`). */
  conceptNotationOffsets: Uint32Array;
  conceptNotations: Uint32Array;
  /**
   * The resources a result shows that are no concept (what concepts link to by skos:related,
   * skos:broader or skos:narrower; the schemes), in code point order of their IRIs: shown
   * resource number `conceptCount + i` is item i.
   */
  otherText: Uint8Array;
  otherOffsets: Uint32Array;
  /** Per concept, a range of `related`: the shown resources related to it (either way), each once. */
  relatedOffsets: Uint32Array;
  related: Uint32Array;
  /**
   * Per shown resource, a range of `broader`: the shown resources broader than it
   * (skos:broader from it, skos:narrower to it), each once; kept for concepts and deprecated
   * concepts, empty for the rest.
   */
  broaderOffsets: Uint32Array;
  broader: Uint32Array;
  /** Per scheme number, its shown resource number. */
  schemeResource: Uint32Array;
  /** Per scheme number: SCHEME_TYPED, TOPS_STATED (hierarchyLayout.ts). */
  schemeFlags: Uint8Array;
  /** Per scheme number, a range of `schemeTops`: its top concepts (/top), in browsing order (the default language's). */
  schemeTopOffsets: Uint32Array;
  schemeTops: Uint32Array;
  /** Per shown resource, a range of `narrower`: the concepts below it (/narrower), in browsing order (the default language's). */
  narrowerOffsets: Uint32Array;
  narrower: Uint32Array;
  /** Per other resource (`otherText`): DEPRECATED_CONCEPT for a concept that is deprecated. */
  otherFlags: Uint8Array;
  /** Per scheme number, how many concepts are in it. */
  schemeConcepts: Uint32Array;
  /** Per scheme number, a range of `schemeLanguages`: the language numbers of its concepts' prefLabels, ascending. */
  schemeLanguageOffsets: Uint32Array;
  schemeLanguages: Uint16Array;
}

export interface LabelIndexData {
  /** Language tags, lower case ("" for none), numbered as `entryLanguage` and `displayLanguage` use them. */
  languages: string[];
  schemes: string[];
  arrays: LabelIndexArrays;
}

/** A language number's bit in `wordLanguages`: its own below 31, and bit 31 for every language numbered 31 or more. */
export function languageBit(language: number): number {
  return (language < 31 ? 1 << language : 1 << 31) >>> 0;
}
