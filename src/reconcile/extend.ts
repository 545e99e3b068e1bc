import { BadRequestError } from '../errors.js';
import type { ConceptService } from '../concepts/ConceptService.js';
import type { Concept, Related } from '../concepts/Concept.js';
import { FIELDS } from '../concepts/Concept.js';
import { isIri } from '../sparql/iri.js';
import { isLangTag } from '../sparql/langTag.js';
import { MAX_URIS } from '../endpoints/parameters.js';
import { EXTEND_PROPERTIES } from './properties.js';

/** Entities in one data extension request at most. */
export const MAX_EXTEND_IDS = 1000;

type Value = { str: string } | { id: string; name: string };

/**
 * Data extension (`extend={"ids": [...], "properties": [{"id", "settings"}]}`): the values
 * of the properties of EXTEND_PROPERTIES for each concept, read with /get's code (labels in
 * the language of a property's `lang` setting, else the default language). An id that is
 * not a concept gets no values. Broader, related concepts and schemes come as entities
 * (`{id, name}`), the rest as strings.
 */
export async function extend(text: string, concepts: ConceptService, defaultLang: string, conceptType: { id: string; name: string } | undefined): Promise<object> {
  const { ids, properties } = readExtend(text);
  const langs = [...new Set(properties.map((p) => p.lang ?? defaultLang))];
  const byLang = new Map<string, Map<string, Concept>>();
  for (const lang of langs) {
    const found = new Map<string, Concept>();
    for (let i = 0; i < ids.length; i += MAX_URIS) {
      for (const concept of await concepts.get(ids.slice(i, i + MAX_URIS), lang, new Set(FIELDS))) found.set(concept.uri, concept);
    }
    byLang.set(lang, found);
  }
  const entity = (related: Related): Value => ({ id: related.uri, name: related.label || related.uri });
  const values = (concept: Concept | undefined, id: string): Value[] => {
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
      default:
        return concept.scopeNote === undefined || concept.scopeNote === '' ? [] : [{ str: concept.scopeNote }];
    }
  };
  const entityValued = new Set(['broader', 'related']);
  return {
    meta: properties.map(({ id }) => {
      const definition = EXTEND_PROPERTIES.find((p) => p.id === id);
      return { id, name: definition?.name ?? id, ...(entityValued.has(id) && conceptType !== undefined ? { type: conceptType } : {}) };
    }),
    rows: Object.fromEntries(ids.map((uri) => [uri, Object.fromEntries(properties.map(({ id, lang }) => [id, values(byLang.get(lang ?? defaultLang)?.get(uri), id)]))])),
  };
}

function readExtend(text: string): { ids: string[]; properties: Array<{ id: string; lang?: string | undefined }> } {
  const fail = (message: string): never => {
    throw new BadRequestError(`'extend' parameter: ${message}`);
  };
  let query: unknown;
  try {
    query = JSON.parse(text);
  } catch {
    return fail('is not JSON');
  }
  const { ids, properties } = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return fail("'ids' must be an array of strings");
  if (ids.length > MAX_EXTEND_IDS) fail(`'ids' holds ${ids.length} ids; at most ${MAX_EXTEND_IDS}`);
  for (const id of ids as string[]) if (!isIri(id)) fail(`id ${JSON.stringify(id.slice(0, 80))} is not an IRI`);
  if (!Array.isArray(properties)) return fail("'properties' must be an array");
  const read = properties.map((property: unknown) => {
    const { id, settings } = (typeof property === 'object' && property !== null ? property : {}) as Record<string, unknown>;
    if (typeof id !== 'string' || !EXTEND_PROPERTIES.some((p) => p.id === id)) return fail(`property ${JSON.stringify(id)} is not one of ${EXTEND_PROPERTIES.map((p) => p.id).join(', ')}`);
    const lang = typeof settings === 'object' && settings !== null ? (settings as { lang?: unknown }).lang : undefined;
    if (lang !== undefined && lang !== '' && (typeof lang !== 'string' || !isLangTag(lang))) fail(`property ${id}: setting 'lang' must be a language tag`);
    return { id, lang: typeof lang === 'string' && lang !== '' ? lang.toLowerCase() : undefined };
  });
  return { ids: [...new Set(ids as string[])], properties: read };
}
