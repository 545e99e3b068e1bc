import { browseKey, compareBrowse, type BrowseKey } from '../../domain/browseOrder.js';
import { foldedLabel } from '../../domain/foldedLetter.js';
import { browseOrder } from '../../index/hierarchyLayout.js';
import { compareCodePoints } from '../../domain/compareCodePoints.js';
import type { LabelIndex } from '../../index/LabelIndex.js';
import { MAX_ANCESTORS, compareSchemes, type Related, type SchemeSummary } from '../../domain/Concept.js';
import { lastSegmentOf } from '../../domain/localNames.js';
import { chooseLabel } from '../../domain/chooseLabel.js';
import { labelOf, shownLabel } from './shownLabel.js';

/** A shown resource of a browsing list, with what it shows and its place. */
interface PlacedShown extends Related {
  shown: number;
  key: BrowseKey;
}

/** Where a shown resource goes in a browsing list (domain/browseOrder.ts), in `lang`. */
function placed(index: LabelIndex, shown: number, lang: string): PlacedShown {
  const uri = index.iriOf(shown);
  const label = shownLabel(index, shown, lang);
  const notations = shown < index.conceptCount ? index.notationsOf(shown) : [];
  return { shown, uri, label, key: browseKey(uri, notations, label) };
}

/** Shown resources in browsing order, in `lang`. */
export function browseSorted(index: LabelIndex, list: ArrayLike<number>, lang: string): PlacedShown[] {
  return Array.from(list, (shown) => placed(index, shown, lang)).sort((a, b) => compareBrowse(a.key, b.key));
}

/** A list longer than this, asked in another language than the index's own, is ordered by that language's order of every concept. */
export const LONG_LIST = 2000;
/** Languages whose order of every concept a thread keeps (8 bytes a concept each), the last used. */
const KEPT_ORDERS = 3;
/** Long lists a thread keeps sorted for another language, the last used. */
const KEPT_LISTS = 16;

/** Every concept in a language's browsing order, and each concept's place in it. */
export interface LanguageOrder {
  order: Uint32Array;
  rank: Uint32Array;
}

/** Whether a page of `list` in `lang` is sorted by that language's order of every concept (`languageOrder`): a long list, in another language than the index's own. */
export function needsLanguageOrder(list: ArrayLike<number>, lang: string, stored: string, longList = LONG_LIST): boolean {
  return lang !== stored && list.length > longList;
}

/**
 * A page of a browsing list: its concepts, by number. The index holds each list in the browsing
 * order of its default language (`stored`): a page in that language is a slice of it. In
 * another, a short list is sorted for the language (its length in label choices and
 * foldings); a long one (a flat vocabulary's top concepts may be all of it) by that
 * language's order of every concept: `given` (made on a thread of its own: LanguageOrders.ts),
 * else made here once (seconds at millions of concepts) and kept, with the list so sorted, for the next pages.
 */
export function browsePage(
  index: LabelIndex,
  list: Uint32Array,
  lang: string,
  page: { limit: number; offset: number },
  stored: string,
  { longList = LONG_LIST, given }: { longList?: number; given?: LanguageOrder | undefined } = {},
): ArrayLike<number> {
  if (page.offset >= list.length) return [];
  if (lang === stored) return list.subarray(page.offset, page.offset + page.limit);
  if (needsLanguageOrder(list, lang, stored, longList))
    return sortedLong(index, list, lang, given).subarray(page.offset, page.offset + page.limit);
  return browseSorted(index, list, lang)
    .slice(page.offset, page.offset + page.limit)
    .map((item) => item.shown);
}

const languageOrders = new WeakMap<LabelIndex, Map<string, LanguageOrder>>();
const sortedLists = new WeakMap<LabelIndex, Map<string, Uint32Array>>();

/** A long list sorted for `lang`, by the language's order of every concept; kept. */
function sortedLong(index: LabelIndex, list: Uint32Array, lang: string, given: LanguageOrder | undefined): Uint32Array {
  const lists = kept(sortedLists, index);
  // a list is a view of one of the index's arrays: where it starts and how long it is name it
  const key = `${lang}\u0000${list.buffer === index.narrowerOf(0).buffer ? 'n' : 't'}${list.byteOffset}:${list.length}`;
  let sorted = lists.get(key);
  if (sorted === undefined) {
    const { order, rank } = given ?? orderIn(index, lang);
    const ranks = list.map((concept) => rank[concept] as number).sort();
    sorted = ranks.map((position) => order[position] as number);
  }
  remember(lists, key, sorted, KEPT_LISTS);
  return sorted;
}

/** Every concept in browsing order for `lang`, made here; kept. */
function orderIn(index: LabelIndex, lang: string): LanguageOrder {
  const orders = kept(languageOrders, index);
  const found = orders.get(lang) ?? languageOrder(index, lang);
  remember(orders, lang, found, KEPT_ORDERS);
  return found;
}

/**
 * Every concept in browsing order for `lang` (hierarchyLayout.ts, `browseOrder`), with each
 * one's place: seconds at millions of concepts (a label chosen and folded for each). With
 * `place`, the two arrays are made there (shared memory, for the threads of the pool).
 */
export function languageOrder(
  index: LabelIndex,
  lang: string,
  place: (length: number) => Uint32Array = (length) => new Uint32Array(length),
): LanguageOrder {
  const made = browseOrder(index.conceptCount, index.notationLists, (concept) => foldedLabel(shownLabel(index, concept, lang)));
  const order = place(made.length);
  order.set(made);
  const rank = place(made.length);
  order.forEach((concept, position) => (rank[concept] = position));
  return { order, rank };
}

function kept<T>(all: WeakMap<LabelIndex, Map<string, T>>, index: LabelIndex): Map<string, T> {
  let map = all.get(index);
  if (map === undefined) all.set(index, (map = new Map()));
  return map;
}

/** Puts `value` last (the last used), dropping the first beyond `most`. */
function remember<T>(map: Map<string, T>, key: string, value: T, most: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > most) map.delete(map.keys().next().value as string);
}

/** What /narrower lists for a concept (a deprecated one too), in browsing order; empty for a URI that is no concept. */
export function narrowerInIndex(index: LabelIndex, uri: string): Uint32Array {
  const shown = index.shownAt(uri);
  return shown === undefined || !index.isConcept(shown) ? new Uint32Array(0) : index.narrowerOf(shown);
}

/** The concepts below a concept, as Related, in browsing order (the index's own where `lang` is `stored`, its default language). */
export function narrowerRelated(index: LabelIndex, shown: number, lang: string, stored: string, most: number): Related[] {
  const below = index.narrowerOf(shown);
  if (lang === stored)
    return Array.from({ length: Math.min(below.length, most) }, (_, i) => {
      const c = below[i] as number;
      return { label: shownLabel(index, c, lang), uri: index.iriOf(c) };
    });
  return browseSorted(index, below, lang)
    .slice(0, most)
    .map(({ label, uri }) => ({ label, uri }));
}

/**
 * A concept's ancestors (API.md): its first broader concept in browsing order (deprecated
 * ones too), then that one's, up to one with none, one met before, or MAX_ANCESTORS levels;
 * top first.
 */
export function ancestorsInIndex(index: LabelIndex, concept: number, lang: string): Related[] {
  const path: Related[] = [];
  const seen = new Set([concept]);
  for (let at = concept; path.length < MAX_ANCESTORS;) {
    let first: PlacedShown | undefined;
    for (const up of index.broaderOfShown(at)) {
      if (!index.isConcept(up)) continue;
      const candidate = placed(index, up, lang);
      if (first === undefined || compareBrowse(candidate.key, first.key) < 0) first = candidate;
    }
    if (first === undefined || seen.has(first.shown)) break;
    seen.add(first.shown);
    path.push({ label: first.label, uri: first.uri });
    at = first.shown;
  }
  return path.reverse();
}

/** /schemes from the index: each scheme typed so or with a concept in it. */
export function schemesInIndex(index: LabelIndex, lang: string): SchemeSummary[] {
  const summaries: SchemeSummary[] = [];
  listedSchemes(index).forEach((scheme) => {
    const uri = index.schemes[scheme] as string;
    summaries.push({
      uri,
      prefLabel: schemeLabel(index, scheme, lang),
      concepts: index.schemeConceptCount(scheme),
      topConcepts: index.topsOf(scheme).length,
      languages: index.schemeLanguages(scheme).sort(compareCodePoints),
    });
  });
  return summaries.sort(compareSchemes);
}

/** The numbers of the schemes /schemes lists: those a concept is in, and those typed skos:ConceptScheme. */
export function listedSchemes(index: LabelIndex): number[] {
  return index.schemes.flatMap((_, scheme) => (index.schemeConceptCount(scheme) > 0 || index.schemeTyped(scheme) ? [scheme] : []));
}

/**
 * A scheme's label: as a concept's, failing that its dcterms:title or dc:title by the same rule
 * (API.md, "/schemes"); a scheme with none is named by its IRI's last segment, never "".
 */
function schemeLabel(index: LabelIndex, scheme: number, lang: string): string {
  const labels = index.shownLabels(index.schemeResource(scheme));
  return labelOf(labels, lang) || (chooseLabel(labels.title, lang) ?? lastSegmentOf(index.schemes[scheme] as string));
}
