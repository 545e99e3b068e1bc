import { chooseLabelAt } from '../domain/chooseLabel.js';
import { foldedLabel } from '../domain/foldedLetter.js';
import { Growable, TextList } from './Growable.js';
import { DISPLAY } from './LabelIndexData.js';
import { sortByBytes } from './sortByBytes.js';
import type { TokenText } from './TokenText.js';

/** Scheme flags (`schemeFlags`): typed skos:ConceptScheme; the data states top concepts for it. */
export const SCHEME_TYPED = 1;
export const TOPS_STATED = 2;

/** Other resource flags (`otherFlags`): a concept that is deprecated. */
export const DEPRECATED_CONCEPT = 1;

/** Lists by number: item i is `to[offsets[i] .. offsets[i + 1])`. */
export interface Lists {
  offsets: Uint32Array;
  to: Uint32Array;
}

/**
 * The concepts below each shown resource (a concept, or a deprecated one): the broader lists
 * inverted, by position. Only concepts (numbers below `conceptCount`: not deprecated) are
 * listed below; each once under each of its broader ones, ascending (by URI). 8 bytes a link
 * and 4 a shown resource.
 */
export function narrowerLists(shownCount: number, conceptCount: number, broader: Lists, isConcept: (shown: number) => boolean): Lists {
  const offsets = new Uint32Array(shownCount + 1);
  for (let c = 0; c < conceptCount; c++) {
    for (let i = broader.offsets[c] as number; i < (broader.offsets[c + 1] as number); i++) {
      const parent = broader.to[i] as number;
      if (isConcept(parent)) offsets[parent + 1] = (offsets[parent + 1] as number) + 1;
    }
  }
  for (let s = 0; s < shownCount; s++) offsets[s + 1] = (offsets[s + 1] as number) + (offsets[s] as number);
  const next = offsets.slice(0, shownCount);
  const to = new Uint32Array(offsets[shownCount] as number);
  for (let c = 0; c < conceptCount; c++) {
    for (let i = broader.offsets[c] as number; i < (broader.offsets[c + 1] as number); i++) {
      const parent = broader.to[i] as number;
      if (!isConcept(parent)) continue;
      to[next[parent] as number] = c;
      next[parent] = (next[parent] as number) + 1;
    }
  }
  return { offsets, to };
}

/**
 * Each scheme's top concepts (API.md, "/top"): the concepts the data states are top concepts
 * of it (skos:topConceptOf, skos:hasTopConcept), each once; for a scheme with none stated, its
 * concepts that have no broader concept in it (a deprecated broader one does not count: it is
 * never listed). Concept numbers, ascending.
 */
export function topLists(
  schemeFlags: Uint8Array,
  stated: { scheme: Uint32Array; resource: Uint32Array },
  conceptRank: Int32Array,
  conceptCount: number,
  member: Lists,
  broader: Lists,
): Lists {
  const schemeCount = schemeFlags.length;
  const scheme = new Growable(Uint32Array);
  const concept = new Growable(Uint32Array);
  for (let i = 0; i < stated.scheme.length; i++) {
    const c = conceptRank[stated.resource[i] as number] as number;
    if (c < 0) continue;
    scheme.push(stated.scheme[i] as number);
    concept.push(c);
  }
  const isMember = (c: number, s: number): boolean => {
    for (let i = member.offsets[c] as number; i < (member.offsets[c + 1] as number); i++) if (member.to[i] === s) return true;
    return false;
  };
  for (let c = 0; c < conceptCount; c++) {
    for (let i = member.offsets[c] as number; i < (member.offsets[c + 1] as number); i++) {
      const s = member.to[i] as number;
      if (((schemeFlags[s] as number) & TOPS_STATED) !== 0) continue;
      let under = false;
      for (let j = broader.offsets[c] as number; j < (broader.offsets[c + 1] as number) && !under; j++) {
        const up = broader.to[j] as number;
        under = up < conceptCount && isMember(up, s);
      }
      if (!under) {
        scheme.push(s);
        concept.push(c);
      }
    }
  }
  // grouped by scheme (a counting sort, stable), then each scheme's concepts ascending, each once
  const schemes = scheme.take();
  const concepts = concept.take();
  const start = new Uint32Array(schemeCount + 1);
  for (const s of schemes) start[s + 1] = (start[s + 1] as number) + 1;
  for (let s = 0; s < schemeCount; s++) start[s + 1] = (start[s + 1] as number) + (start[s] as number);
  const next = start.slice(0, schemeCount);
  const grouped = new Uint32Array(concepts.length);
  for (let i = 0; i < schemes.length; i++) {
    const s = schemes[i] as number;
    grouped[next[s] as number] = concepts[i] as number;
    next[s] = (next[s] as number) + 1;
  }
  const offsets = new Uint32Array(schemeCount + 1);
  const to = new Growable(Uint32Array, Math.max(1, grouped.length));
  for (let s = 0; s < schemeCount; s++) {
    // implicit tops come ascending already; stated ones in the order read
    const list = grouped.subarray(start[s], start[s + 1]).sort();
    for (let i = 0; i < list.length; i++) if (i === 0 || list[i] !== list[i - 1]) to.push(list[i] as number);
    offsets[s + 1] = to.length;
  }
  return { offsets, to: to.take() };
}

/**
 * What /schemes shows of each scheme that the layout knows: how many concepts are in it, and
 * the languages (numbers, ascending) of their prefLabels (`kinds` 0), from the display labels
 * grouped by concept.
 */
export function schemeSummaries(
  schemeCount: number,
  member: Lists,
  display: { offsets: Uint32Array; kinds: Uint8Array; languages: Uint16Array },
): { concepts: Uint32Array; languages: { offsets: Uint32Array; to: Uint16Array } } {
  const concepts = new Uint32Array(schemeCount);
  const pairs = new Set<number>();
  const conceptCount = member.offsets.length - 1;
  for (let c = 0; c < conceptCount; c++) {
    for (let i = member.offsets[c] as number; i < (member.offsets[c + 1] as number); i++) {
      const scheme = member.to[i] as number;
      // skos:inScheme and skos:topConceptOf often both name it: counted once
      if (member.to.subarray(member.offsets[c], i).includes(scheme)) continue;
      concepts[scheme] = (concepts[scheme] as number) + 1;
      for (let d = display.offsets[c] as number; d < (display.offsets[c + 1] as number); d++) {
        if (display.kinds[d] === 0) pairs.add(scheme * 0x10000 + (display.languages[d] as number));
      }
    }
  }
  const sorted = [...pairs].sort((a, b) => a - b);
  const offsets = new Uint32Array(schemeCount + 1);
  for (const pair of sorted) offsets[Math.floor(pair / 0x10000) + 1] = (offsets[Math.floor(pair / 0x10000) + 1] as number) + 1;
  for (let s = 0; s < schemeCount; s++) offsets[s + 1] = (offsets[s + 1] as number) + (offsets[s] as number);
  return { concepts, languages: { offsets, to: Uint16Array.from(sorted, (pair) => pair % 0x10000) } };
}

/** The notations as the index holds them: their texts in byte order, and each concept's, by number. */
export interface NotationLists {
  text: Uint8Array;
  offsets: Uint32Array;
  conceptOffsets: Uint32Array;
  conceptNotations: Uint32Array;
}

/** Room for a rank below 2^26 (67 million) in each half of a key that a double holds exactly. */
const HALF = 2 ** 26;

/**
 * The concepts in browsing order (domain/browseOrder.ts) in one language: a concept with a
 * notation first, by its smallest notation; then its shown prefLabel in that language,
 * folded (`foldedOf`); then its URI (the concept number). Notations are held in byte order
 * (UTF-8 byte order is code-point order), so a concept's smallest notation is its smallest
 * notation number, equal texts ranked alike; the folded labels are sorted as bytes, equal
 * ones by number; then one key a concept, both ranks in a double, sorts natively. About a
 * second at millions of concepts, plus the labels' folding.
 */
export function browseOrder(conceptCount: number, notations: NotationLists, foldedOf: (concept: number) => string): Uint32Array {
  if (conceptCount >= HALF) throw new RangeError(`browsing order for more than ${HALF} concepts`);
  // each notation number's rank among the distinct texts
  const notationCount = notations.offsets.length - 1;
  const textRank = new Uint32Array(notationCount);
  const notationBytes = Buffer.from(notations.text.buffer, notations.text.byteOffset, notations.text.byteLength);
  for (let i = 1; i < notationCount; i++) {
    const same =
      notationBytes.compare(
        notations.text,
        notations.offsets[i - 1],
        notations.offsets[i],
        notations.offsets[i],
        notations.offsets[i + 1],
      ) === 0;
    textRank[i] = same ? (textRank[i - 1] as number) : i;
  }
  // the folded labels, sorted as bytes; equal ones by number
  const labels = new TextList();
  for (let c = 0; c < conceptCount; c++) labels.push(foldedOf(c));
  const { text, offsets } = labels.take();
  const byLabel = new Uint32Array(conceptCount);
  for (let c = 0; c < conceptCount; c++) byLabel[c] = c;
  sortByBytes(text, offsets, byLabel);
  // one key a concept: its notation's rank (past every rank for none), then its label's
  const keys = new Float64Array(conceptCount);
  for (let position = 0; position < conceptCount; position++) {
    const c = byLabel[position] as number;
    let notation = HALF - 1;
    for (let i = notations.conceptOffsets[c] as number; i < (notations.conceptOffsets[c + 1] as number); i++)
      notation = Math.min(notation, textRank[notations.conceptNotations[i] as number] as number);
    keys[position] = notation * HALF + position;
  }
  keys.sort();
  return Uint32Array.from(keys, (key) => byLabel[key % HALF] as number);
}

/** Each list's concepts put in browsing order, in place: `order` lists every concept in it (`browseOrder`). */
export function sortListsBy(lists: Lists, order: Uint32Array): void {
  const rank = new Uint32Array(order.length);
  order.forEach((concept, position) => (rank[concept] = position));
  const count = lists.offsets.length - 1;
  for (let i = 0; i < count; i++) {
    const list = lists.to.subarray(lists.offsets[i], lists.offsets[i + 1]);
    if (list.length < 2) continue;
    // by rank, sorted natively: a scheme's top concepts may be all of a flat vocabulary's
    const ranks = list.map((concept) => rank[concept] as number).sort();
    for (let j = 0; j < ranks.length; j++) list[j] = order[ranks[j] as number] as number;
  }
}

/** The labels a result shows, grouped by shown resource (`LabelIndexData`'s display arrays). */
export interface DisplayLists {
  offsets: Uint32Array;
  kinds: Uint8Array;
  languages: Uint16Array;
  texts: TokenText;
}

/** The concepts in browsing order in `lang` (lower case), their names chosen from the display labels as a result shows them. */
export function shownBrowseOrder(
  conceptCount: number,
  display: DisplayLists,
  languages: readonly string[],
  lang: string,
  notations: NotationLists,
): Uint32Array {
  // the labels' texts are made only where their languages tie (`chooseLabelAt`): a concept has
  // a prefLabel in each of a dozen languages, and one of them is shown
  const pref: number[] = [];
  const rdfs: number[] = [];
  const choices = [pref, rdfs].map((list) => ({
    list,
    languageOf: (j: number) => languages[display.languages[list[j] as number] as number] as string,
    valueOf: (j: number) => display.texts.text(list[j] as number),
  }));
  return browseOrder(conceptCount, notations, (c) => {
    pref.length = 0;
    rdfs.length = 0;
    for (let i = display.offsets[c] as number; i < (display.offsets[c + 1] as number); i++) {
      const kind = display.kinds[i];
      if (kind === DISPLAY.prefLabel) pref.push(i);
      else if (kind === DISPLAY.rdfsLabel) rdfs.push(i);
    }
    for (const { list, languageOf, valueOf } of choices) {
      const chosen = chooseLabelAt(list.length, languageOf, valueOf, lang);
      if (chosen >= 0) return foldedLabel(display.texts.text(list[chosen] as number));
    }
    return foldedLabel('');
  });
}
