import { MAX_URIS } from '../endpoints/parameters.js';
import type { Lookup } from '../lookup/Lookup.js';
import { browsed, transitive } from './skosmosConcept.js';

/** A concept of Skosmos' `hierarchy`: the concept or one above it, with the concepts one level below it. */
export interface HierarchyNode {
  uri: string;
  prefLabel: string;
  notation?: string;
  /** Its broader concepts' IRIs; absent at the top. */
  broader?: string[];
  /** At the top: the schemes it is a top concept of (sorted), and the one the vocabulary's is, if it is among them. */
  tops?: string[];
  top?: string;
  narrower: Array<{ uri: string; label: string; notation?: string; hasChildren: boolean }>;
}

/** The most concepts `hierarchy` lists, each with its children (a polyhierarchy can have many paths to the top). */
export const MAX_HIERARCHY = MAX_URIS;

/**
 * Skosmos' `hierarchy`: the concept and every concept above it (nearest first, at most
 * MAX_HIERARCHY), each with its broader concepts and its children as `children` lists them
 * (the first page of /narrower), so that a client can draw the tree around the concept. A
 * concept with no broader concept is a top: `tops` are its schemes, `top` the vocabulary's
 * scheme where it is one of them, else the first.
 */
export async function hierarchy(
  concepts: Lookup,
  uri: string,
  lang: string,
  scheme: string | undefined,
): Promise<Record<string, HierarchyNode>> {
  const above = await transitive(concepts, uri, lang, 'broader', MAX_HIERARCHY);
  const uris = Object.keys(above);
  const details = new Map((await concepts.get(uris, lang, new Set(['notation', 'scheme']))).map((concept) => [concept.uri, concept]));
  // one after the other: a request takes one turn of the index's threads at a time, as every request does
  const children: Awaited<ReturnType<typeof browsed>>[] = [];
  for (const node of uris) children.push(await browsed(concepts, 'narrower', node, lang));
  const found: Record<string, HierarchyNode> = {};
  uris.forEach((node, i) => {
    const { prefLabel, broader } = above[node] as { prefLabel: string; broader?: string[] };
    const detail = details.get(node);
    const notation = detail?.notation?.[0];
    const tops = broader === undefined ? (detail?.scheme ?? []).map((one) => one.uri).sort() : [];
    found[node] = {
      uri: node,
      prefLabel,
      ...(notation === undefined ? {} : { notation }),
      ...(broader === undefined ? {} : { broader }),
      ...(tops.length === 0 ? {} : { tops, top: scheme !== undefined && tops.includes(scheme) ? scheme : (tops[0] as string) }),
      narrower: (children[i] ?? []).map(({ prefLabel: label, ...child }) => ({ ...child, label })),
    };
  });
  return found;
}
