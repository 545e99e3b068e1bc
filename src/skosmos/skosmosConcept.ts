import { NotFoundError } from '../errors.js';
import type { Concept, Field, Related } from '../domain/Concept.js';
import type { Lookup } from '../lookup/Lookup.js';
import { MAX_BROWSE_COUNT, MAX_URIS } from '../endpoints/parameters.js';

/** A related concept as Skosmos lists it. */
export interface SkosmosRelated {
  uri: string;
  prefLabel: string;
}

/** The most concepts `broaderTransitive` and `narrowerTransitive` list, and their default `limit` (Skosmos' own default). */
export const MAX_TRANSITIVE = 1000;

/** The concept, with the fields asked for, or a 404 as Skosmos answers for a URI that is no concept. */
export async function conceptOrNotFound(concepts: Lookup, uri: string, lang: string, fields: ReadonlySet<Field>): Promise<Concept> {
  const [concept] = await concepts.get([uri], lang, fields);
  if (concept === undefined) throw new NotFoundError(`Could not find concept <${uri}>`);
  return concept;
}

export const related = (list: readonly Related[] | undefined): SkosmosRelated[] =>
  (list ?? []).map(({ uri, label }) => ({ uri, prefLabel: label }));

/**
 * The concepts above (or below) a concept, itself included, each with its direct broader (or
 * narrower) concepts' IRIs, as Skosmos' `broaderTransitive` (`narrowerTransitive`) lists them:
 * keyed by IRI, nearest first, at most `limit`. Read level by level, each level in batches of
 * /get's size.
 */
export async function transitive(
  concepts: Lookup,
  uri: string,
  lang: string,
  direction: 'broader' | 'narrower',
  limit: number,
): Promise<Record<string, { uri: string; prefLabel: string } & Partial<Record<'broader' | 'narrower', string[]>>>> {
  const fields: ReadonlySet<Field> = new Set([direction]);
  const found: Record<string, { uri: string; prefLabel: string } & Partial<Record<'broader' | 'narrower', string[]>>> = {};
  let level = [uri];
  let size = 0;
  while (level.length > 0 && size < limit) {
    const next: string[] = [];
    for (let start = 0; start < level.length && size < limit; start += MAX_URIS) {
      for (const concept of await concepts.get(level.slice(start, start + MAX_URIS), lang, fields)) {
        if (found[concept.uri] !== undefined || size >= limit) continue;
        const direct = (concept[direction] ?? []).map((other) => other.uri);
        found[concept.uri] = { uri: concept.uri, prefLabel: concept.prefLabel, ...(direct.length > 0 ? { [direction]: direct } : {}) };
        size++;
        for (const other of direct) if (found[other] === undefined) next.push(other);
      }
    }
    level = [...new Set(next)];
  }
  if (size === 0) throw new NotFoundError(`Could not find concept <${uri}>`);
  return found;
}

/** A concept as Skosmos' `children` and `topConcepts` list it: label, notation, whether it has children. */
export interface Browsed {
  uri: string;
  prefLabel: string;
  notation?: string;
  hasChildren: boolean;
}

/** A page of browsing as Skosmos' `children` and `topConcepts` list it. */
export async function browsed(concepts: Lookup, list: 'top' | 'narrower', uri: string, lang: string): Promise<Browsed[]> {
  const page = await concepts[list]({ uri, count: MAX_BROWSE_COUNT, page: 1, lang, fields: new Set<Field>(['narrowerCount', 'notation']) });
  return page.map((concept) => ({
    uri: concept.uri,
    prefLabel: concept.prefLabel,
    ...(concept.notation?.[0] === undefined ? {} : { notation: concept.notation[0] }),
    hasChildren: (concept.narrowerCount ?? 0) > 0,
  }));
}
