import { Growable, TextList } from './Growable.js';
import { IriTable } from './IriTable.js';
import { TokenList } from './TokenList.js';

export type UintArray = Uint8Array | Uint16Array | Uint32Array;

/** Resource flags (`GatheredLists.flags`). */
export const TYPED = 1;
export const DEPRECATED = 2;
/** Subject or object of skos:broader, skos:narrower or skos:related, or skos:topConceptOf a scheme. */
export const LINKED = 4;

/**
 * What `LabelIndexBuilder` gathers of a vocabulary's triples, list by list, before the layout
 * (LabelLayout.ts): no object per row, every IRI once in `iris`, resources by their number
 * there. Each list is `take()`n by the layout step that reads it, and goes when that step ends.
 */
export interface GatheredLists {
  iris: IriTable;
  /** Per resource: TYPED, DEPRECATED, LINKED. */
  flags: Growable<Uint8Array>;
  /** Language tags, lower case ("" for none), by number. */
  languages: string[];
  /** Scheme IRIs, by number. */
  schemes: string[];
  // matchable labels (prefLabel, altLabel, hiddenLabel): folded text, length in code points
  entryConcept: Growable<Uint32Array>;
  entryAlt: Growable<Uint8Array>;
  entryLanguage: Growable<Uint16Array>;
  entryLength: Growable<Uint32Array>;
  /** The folded texts (foldedLabel), as their words' numbers (TokenList.ts, `words`). */
  entryText: TokenList;
  // labels and notes to show (DISPLAY: prefLabel, rdfs:label, altLabel, scopeNote), literals only
  displayConcept: Growable<Uint32Array>;
  displayKind: Growable<Uint8Array>;
  displayLanguage: Growable<Uint16Array>;
  /** As their tokens' codes (TokenList.ts): labels repeat their words. */
  displayText: TokenList;
  notationConcept: Growable<Uint32Array>;
  notationText: TextList;
  memberConcept: Growable<Uint32Array>;
  memberScheme: Growable<Uint32Array>;
  /** Per scheme number, the scheme's resource number (its labels are shown). */
  schemeResource: Growable<Uint32Array>;
  // skos:broader, skos:narrower and skos:related, as stated: (from, to, kind 0 broader / 1 narrower / 2 related)
  linkFrom: Growable<Uint32Array>;
  linkTo: Growable<Uint32Array>;
  linkKind: Growable<Uint8Array>;
  // top concepts as stated (skos:topConceptOf, skos:hasTopConcept): scheme number, resource
  topScheme: Growable<Uint32Array>;
  topResource: Growable<Uint32Array>;
  /** Per scheme number: SCHEME_TYPED, TOPS_STATED (hierarchyLayout.ts). */
  schemeFlags: Growable<Uint8Array>;
}

/** The lists of numbers, by name, with their types: what `BuilderState` carries of them. */
export const LISTS = [
  ['flags', Uint8Array],
  ['entryConcept', Uint32Array],
  ['entryAlt', Uint8Array],
  ['entryLanguage', Uint16Array],
  ['entryLength', Uint32Array],
  ['displayConcept', Uint32Array],
  ['displayKind', Uint8Array],
  ['displayLanguage', Uint16Array],
  ['notationConcept', Uint32Array],
  ['memberConcept', Uint32Array],
  ['memberScheme', Uint32Array],
  ['schemeResource', Uint32Array],
  ['linkFrom', Uint32Array],
  ['linkTo', Uint32Array],
  ['linkKind', Uint8Array],
  ['topScheme', Uint32Array],
  ['topResource', Uint32Array],
  ['schemeFlags', Uint8Array],
] as const satisfies ReadonlyArray<readonly [keyof GatheredLists, new (length: number) => UintArray]>;

/** The text lists, by name. */
export const TEXTS = ['notationText'] as const satisfies ReadonlyArray<keyof GatheredLists>;

/** Empty lists, to gather into. */
export function emptyLists(): GatheredLists {
  const lists: Record<string, unknown> = { iris: new IriTable(), languages: [], schemes: [] };
  for (const [name, type] of LISTS) lists[name] = new Growable(type as new (length: number) => UintArray);
  for (const name of TEXTS) lists[name] = new TextList();
  lists.displayText = new TokenList();
  lists.entryText = new TokenList({ words: true });
  return lists as unknown as GatheredLists;
}
