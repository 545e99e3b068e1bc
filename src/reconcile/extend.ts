import { BadRequestError } from '../errors.js';
import type { Lookup } from '../lookup/Lookup.js';
import type { Concept, Related } from '../domain/Concept.js';
import { DETAIL_FIELDS } from '../domain/Concept.js';
import { isRdfIri } from '../domain/iri.js';
import { isLangTag } from '../domain/langTag.js';
import { MAX_URIS } from '../endpoints/parameters.js';
import { EXTEND_PROPERTIES } from './properties.js';

/** Entities in one data extension request at most. */
export const MAX_EXTEND_IDS = 1000;
/**
 * Concepts read for one data extension request at most: each distinct `lang` setting reads
 * every id again (in its language), so ids times distinct languages is what a request costs.
 */
export const MAX_EXTEND_READS = 1000;
/** Properties in one data extension request at most. */
export const MAX_EXTEND_PROPERTIES = 20;

export type ExtendValue = { str: string } | { id: string; name: string };

/** A data extension's answer: its columns, and per id asked (in the order asked) the values of each. */
export interface Extension {
  meta: Array<{ id: string; name: string; type?: { id: string; name: string } }>;
  rows: Array<{ id: string; values: Record<string, ExtendValue[]> }>;
  /** Properties and ids that got no values, and why, for the request log. */
  ignored: string[];
}

/**
 * Data extension (`extend={"ids": [...], "properties": [{"id", "settings"}]}`): the values
 * of the properties of EXTEND_PROPERTIES for each concept, read with /get's code (labels in
 * the language of a property's `lang` setting, else the default language). An id that is
 * not a concept gets no values. Broader, related concepts and schemes come as entities
 * (`{id, name}`), the rest as strings.
 */
export async function extend(
  query: unknown,
  concepts: Lookup,
  defaultLang: string,
  conceptType: { id: string; name: string } | undefined,
  where = "'extend' parameter",
): Promise<Extension> {
  const { ids, properties, ignored } = readExtend(query, where);
  const iris = ids.filter(isRdfIri);
  const langs = [...new Set(properties.map((p) => p.lang ?? defaultLang))];
  if (iris.length * langs.length > MAX_EXTEND_READS)
    throw new BadRequestError(
      `${where}: ${iris.length} ids in ${langs.length} languages (the properties' distinct lang settings) are ${iris.length * langs.length} concepts to read; at most ${MAX_EXTEND_READS} a request: send fewer ids or fewer languages at a time`,
    );
  const byLang = new Map<string, Map<string, Concept>>();
  for (const lang of langs) {
    const found = new Map<string, Concept>();
    for (let i = 0; i < iris.length; i += MAX_URIS) {
      for (const concept of await concepts.get(iris.slice(i, i + MAX_URIS), lang, new Set(DETAIL_FIELDS))) found.set(concept.uri, concept);
    }
    byLang.set(lang, found);
  }
  const entity = (related: Related): ExtendValue => ({ id: related.uri, name: related.label || related.uri });
  const values = (concept: Concept | undefined, id: string): ExtendValue[] => {
    if (concept === undefined) return [];
    switch (id) {
      case 'prefLabel':
        return concept.prefLabel === '' ? [] : [{ str: concept.prefLabel }];
      case 'altLabels':
        return concept.altLabels.map((str) => ({ str }));
      case 'broader':
        return (concept.broader ?? []).map(entity);
      case 'related':
        return concept.related.map(entity);
      case 'scheme':
        return (concept.scheme ?? []).map(entity);
      case 'notation':
        return (concept.notation ?? []).map((str) => ({ str }));
      case 'scopeNote':
        return concept.scopeNote === undefined || concept.scopeNote === '' ? [] : [{ str: concept.scopeNote }];
      default:
        return []; // a property the service does not extend
    }
  };
  const entityValued = new Set(['broader', 'related']);
  return {
    meta: properties.map(({ id }) => {
      const definition = EXTEND_PROPERTIES.find((p) => p.id === id);
      return { id, name: definition?.name ?? id, ...(entityValued.has(id) && conceptType !== undefined ? { type: conceptType } : {}) };
    }),
    rows: ids.map((uri) => ({
      id: uri,
      values: Object.fromEntries(properties.map(({ id, lang }) => [id, values(byLang.get(lang ?? defaultLang)?.get(uri), id)])),
    })),
    ignored,
  };
}

/** 0.2's data extension query: the `extend` parameter's JSON text. */
export function extendText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError("'extend' parameter: is not JSON");
  }
}

function readExtend(
  query: unknown,
  where: string,
): { ids: string[]; properties: Array<{ id: string; lang?: string | undefined }>; ignored: string[] } {
  const fail = (message: string): never => {
    throw new BadRequestError(`${where}: ${message}`);
  };
  const { ids, properties } = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return fail("'ids' must be an array of strings");
  if (ids.length > MAX_EXTEND_IDS) fail(`'ids' holds ${ids.length} ids; at most ${MAX_EXTEND_IDS}`);
  if (!Array.isArray(properties)) return fail("'properties' must be an array");
  if (properties.length > MAX_EXTEND_PROPERTIES)
    fail(`'properties' holds ${properties.length} properties; at most ${MAX_EXTEND_PROPERTIES}`);
  const ignored: string[] = [];
  const read = properties.map((property: unknown) => {
    const { id, settings } = (typeof property === 'object' && property !== null ? property : {}) as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') return fail("each property needs an 'id' string");
    // a property the service does not extend (one property suggest offers for queries, such
    // as lang, or one it does not know) gets a column with no values, and the log says so
    if (!EXTEND_PROPERTIES.some((p) => p.id === id))
      ignored.push(`${JSON.stringify(id.slice(0, 40))}: not one of ${EXTEND_PROPERTIES.map((p) => p.id).join(', ')}`);
    const lang = typeof settings === 'object' && settings !== null ? (settings as { lang?: unknown }).lang : undefined;
    if (lang !== undefined && lang !== '' && (typeof lang !== 'string' || !isLangTag(lang)))
      ignored.push(`${JSON.stringify(id.slice(0, 40))}: setting lang is no language tag`);
    return { id, lang: typeof lang === 'string' && lang !== '' && isLangTag(lang) ? lang.toLowerCase() : undefined };
  });
  // an id that is no IRI (a cell used as an identifier that is none of this service's) is no concept: it gets no values
  if ((ids as string[]).some((id) => !isRdfIri(id))) ignored.push('ids that are no IRI: no values');
  return { ids: [...new Set(ids as string[])], properties: read, ignored };
}
