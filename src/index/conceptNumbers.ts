import { isRdfIri } from '../domain/iri.js';
import { DEPRECATED, LINKED, TYPED, type GatheredLists } from './GatheredLists.js';
import { Growable, mapped, reorderText } from './Growable.js';
import { DEPRECATED_CONCEPT } from './hierarchyLayout.js';
import { DISPLAY } from './LabelIndexData.js';
import type { BuildReport } from './BuildReport.js';
import { sortByBytes } from './sortByBytes.js';

// The first step of the layout (LabelLayout.ts): which resources are concepts, and which a
// result shows, each numbered. The IRIs of every resource read are needed here alone.

/** The resources a result shows (`shownResources`). */
type ShownResources = ReturnType<typeof shownResources>;

/**
 * The concepts (`chooseConcepts`) and the resources a result shows (`shownResources`): the
 * IRIs of every resource read are needed for these two steps alone, and go when they end.
 */
export function numberResources(
  g: GatheredLists,
  entailment: boolean,
): {
  conceptCount: number;
  rank: Int32Array;
  concepts: { text: Uint8Array; offsets: Uint32Array };
  shown: ShownResources;
  report: BuildReport;
} {
  const { conceptCount, rank, concepts, iris, deprecatedConcept, report } = chooseConcepts(g, entailment);
  return { conceptCount, rank, concepts, shown: shownResources(g, conceptCount, rank, iris, deprecatedConcept), report };
}

/**
 * Which resources are concepts (see the class), numbered in code point order of their
 * IRIs (the last tie-break is then the number): `rank` maps a resource to its concept
 * number, -1 for a resource that is none. Fills the report's counts.
 */
function chooseConcepts(
  g: GatheredLists,
  entailment: boolean,
): {
  conceptCount: number;
  rank: Int32Array;
  concepts: { text: Uint8Array; offsets: Uint32Array };
  iris: { text: Uint8Array; offsets: Uint32Array };
  /** Per resource, 1 for one that would be a concept but is deprecated. */
  deprecatedConcept: Uint8Array;
  report: BuildReport;
} {
  const flags = g.flags.take();
  const iris = g.iris.take();
  const resources = iris.offsets.length - 1;
  const text = Buffer.from(iris.text.buffer, iris.text.byteOffset, iris.text.byteLength);
  const iriOf = (id: number): string => text.toString('utf8', iris.offsets[id], iris.offsets[id + 1]);
  const chosen = new Growable(Uint32Array);
  const refused: string[] = [];
  let refusedCount = 0;
  let deprecated = 0;
  let entailed = 0;
  let wouldEntail = 0;
  const labels = labelledResources(resources, g.entryConcept, g.displayConcept, g.displayKind);
  const deprecatedConcept = new Uint8Array(resources);
  for (let id = 0; id < resources; id++) {
    const flag = flags[id] ?? 0;
    if (!entailment && (flag & (TYPED | LINKED | DEPRECATED)) === LINKED && labels[id] === 1) wouldEntail++;
    if ((flag & TYPED) === 0 && !(entailment && (flag & LINKED) !== 0)) continue;
    if ((flag & DEPRECATED) !== 0) {
      deprecated++;
      // kept apart: /narrower lists what is below it, and `ancestors` walks through it
      if (isRdfIri(iriOf(id))) deprecatedConcept[id] = 1;
      continue;
    }
    if (!isRdfIri(iriOf(id))) {
      if (refusedCount++ < 3) refused.push(iriOf(id));
      continue;
    }
    if ((flag & TYPED) === 0) entailed++;
    chosen.push(id);
  }
  const conceptOrder = chosen.take();
  sortByBytes(iris.text, iris.offsets, conceptOrder);
  const rank = new Int32Array(resources).fill(-1);
  conceptOrder.forEach((id, position) => (rank[id] = position));
  const labelled = labels.reduce((sum, has) => sum + has, 0);
  const report: BuildReport = {
    concepts: conceptOrder.length,
    labels: 0,
    labelsByLanguage: [],
    schemes: g.schemes.length,
    deprecated,
    refused: { count: refusedCount, first: refused },
    entailed,
    wouldEntail,
    labelled,
  };
  return {
    conceptCount: conceptOrder.length,
    rank,
    concepts: reorderText(iris.text, iris.offsets, conceptOrder),
    iris,
    deprecatedConcept,
    report,
  };
}

/**
 * The resources a result shows: the concepts (numbered as `rank` numbers them), then, in
 * code point order of their IRIs, the other resources that concepts link to by
 * skos:related, skos:broader or skos:narrower (a deprecated concept, a concept of another
 * vocabulary), and the schemes. `rank` maps a resource to that number, -1 for the rest.
 */
function shownResources(
  g: GatheredLists,
  conceptCount: number,
  conceptRank: Int32Array,
  iris: { text: Uint8Array; offsets: Uint32Array },
  deprecatedConcept: Uint8Array,
): { count: number; rank: Int32Array; others: { text: Uint8Array; offsets: Uint32Array }; otherFlags: Uint8Array } {
  const rank = conceptRank.slice();
  const others = new Growable(Uint32Array);
  const other = (resource: number): void => {
    if ((rank[resource] as number) >= 0 || isBlankNodeAt(iris, resource)) return;
    rank[resource] = conceptCount; // marked; numbered below
    others.push(resource);
  };
  const from = g.linkFrom.raw;
  const to = g.linkTo.raw;
  const kind = g.linkKind.raw;
  for (let i = 0; i < g.linkFrom.length; i++) {
    const a = from[i] as number;
    const b = to[i] as number;
    // a deprecated concept in the hierarchy is shown too: /narrower lists what is below it, `ancestors` passes it
    const hierarchy = (kind[i] as number) < 2 && (deprecatedConcept[a] === 1 || deprecatedConcept[b] === 1);
    if (hierarchy || (conceptRank[a] as number) >= 0) other(b);
    if (hierarchy || (conceptRank[b] as number) >= 0) other(a);
  }
  const schemes = g.schemeResource.raw;
  for (let i = 0; i < g.schemeResource.length; i++) other(schemes[i] as number);
  const order = others.take();
  sortByBytes(iris.text, iris.offsets, order);
  order.forEach((resource, position) => (rank[resource] = conceptCount + position));
  const otherFlags = mapped(Uint8Array, order, (resource) => (deprecatedConcept[resource] === 1 ? DEPRECATED_CONCEPT : 0));
  return { count: conceptCount + order.length, rank, others: reorderText(iris.text, iris.offsets, order), otherFlags };
}

/** Which resources have a label of any kind (an entry, a prefLabel or rdfs:label to show): 1 where they do. */
function labelledResources(
  resources: number,
  entryConcept: Growable<Uint32Array>,
  displayConcept: Growable<Uint32Array>,
  displayKind: Growable<Uint8Array>,
): Uint8Array {
  const labelled = new Uint8Array(resources);
  for (let i = 0; i < entryConcept.length; i++) labelled[entryConcept.raw[i] as number] = 1;
  for (let i = 0; i < displayConcept.length; i++)
    if (displayKind.raw[i] === DISPLAY.rdfsLabel) labelled[displayConcept.raw[i] as number] = 1;
  return labelled;
}

/** Whether the resource numbered `id` is a blank node (see `isBlankNode`). */
function isBlankNodeAt(iris: { text: Uint8Array; offsets: Uint32Array }, id: number): boolean {
  const at = iris.offsets[id] as number;
  return (iris.offsets[id + 1] as number) - at >= 2 && iris.text[at] === 0x5f && iris.text[at + 1] === 0x3a;
}
