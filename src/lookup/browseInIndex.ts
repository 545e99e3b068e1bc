import { browseKey, compareBrowse, type BrowseKey } from '../domain/browseOrder.js';
import { compareCodePoints } from '../domain/compareCodePoints.js';
import type { LabelIndex } from '../index/LabelIndex.js';
import type { Related, SchemeSummary } from './Concept.js';
import { chooseLabel } from '../domain/chooseLabel.js';
import { labelOf, shownLabel } from './shownLabel.js';
import { MAX_ANCESTORS, compareSchemes } from './StoreHierarchy.js';

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

/** A page of a browsing list: its concepts' URIs. */
export function browsePage(index: LabelIndex, list: ArrayLike<number>, lang: string, page: { limit: number; offset: number }): string[] {
  if (page.offset >= list.length) return [];
  return browseSorted(index, list, lang)
    .slice(page.offset, page.offset + page.limit)
    .map((item) => item.uri);
}

/** What /narrower lists for a concept (a deprecated one too), in browsing order; empty for a URI that is no concept. */
export function narrowerInIndex(index: LabelIndex, uri: string): Uint32Array {
  const shown = index.shownAt(uri);
  return shown === undefined || !index.isConcept(shown) ? new Uint32Array(0) : index.narrowerOf(shown);
}

/** The concepts below a concept, as Related, in browsing order. */
export function narrowerRelated(index: LabelIndex, shown: number, lang: string): Related[] {
  return browseSorted(index, index.narrowerOf(shown), lang).map(({ label, uri }) => ({ label, uri }));
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
  index.schemes.forEach((uri, scheme) => {
    const concepts = index.schemeConceptCount(scheme);
    if (concepts === 0 && !index.schemeTyped(scheme)) return;
    summaries.push({
      uri,
      prefLabel: schemeLabel(index, index.schemeResource(scheme), lang),
      concepts,
      topConcepts: index.topsOf(scheme).length,
      languages: index.schemeLanguages(scheme).sort(compareCodePoints),
    });
  });
  return summaries.sort(compareSchemes);
}

/** A scheme's label: as a concept's, failing that its dcterms:title by the same rule (API.md, "/schemes"). */
function schemeLabel(index: LabelIndex, shown: number, lang: string): string {
  const labels = index.shownLabels(shown);
  return labelOf(labels, lang) || (chooseLabel(labels.title, lang) ?? '');
}
