import { NotFoundError } from '../errors.js';
import { lastSegmentOf } from '../domain/localNames.js';
import type { SchemeSummary } from '../domain/Concept.js';
import type { Lookup } from '../lookup/Lookup.js';

/** A vocabulary as the Skosmos REST API names it: a concept scheme the service lists (/schemes). */
export interface Vocabulary {
  /** Its short id, the `{vocid}` of the API's paths. */
  id: string;
  /** The scheme's IRI; undefined for the one vocabulary of data without any scheme (its whole). */
  scheme: string | undefined;
  title: string;
  /** The language tags of its concepts' prefLabels, lower case, sorted. */
  languages: string[];
  defaultLanguage: string;
}

/** The id of the one vocabulary of data that holds no concept scheme. */
export const WHOLE_VOCABULARY_ID = 'vocabulary';

/**
 * A scheme's short id, from its IRI alone (so stable across restarts and replicas): the last
 * segment of its path (`http://zbw.eu/stw` → `stw`, `http://www.yso.fi/onto/yso/` → `yso`),
 * lower case, with anything other than letters, digits, `-` and `_` as `-`.
 */
export function idOf(scheme: string): string {
  const id = lastSegmentOf(scheme)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return id === '' ? 'scheme' : id;
}

/** What names the vocabularies: the ids VOCABULARY_IDS gives schemes (IRI → id), and the default language. */
export interface VocabularySettings {
  vocabularyIds: ReadonlyMap<string, string>;
  defaultLang: string;
}

/**
 * The vocabularies of the schemes, each with an id: the one VOCABULARY_IDS gives it, else its
 * IRI's (idOf); two schemes whose ids agree, or one whose id VOCABULARY_IDS gives another, are
 * told apart by `-2`, `-3`... in the order of their IRIs (so the same schemes always get the
 * same ids).
 */
export function vocabulariesOf(schemes: readonly SchemeSummary[], { vocabularyIds, defaultLang }: VocabularySettings): Vocabulary[] {
  const given = new Set(vocabularyIds.values());
  const taken = new Map<string, number>();
  const ids = new Map<string, string>();
  for (const uri of schemes.map((scheme) => scheme.uri).sort()) {
    const configured = vocabularyIds.get(uri);
    if (configured !== undefined) {
      ids.set(uri, configured);
      continue;
    }
    const base = idOf(uri);
    let seen = taken.get(base) ?? 0;
    let id: string;
    do {
      seen++;
      id = seen === 1 ? base : `${base}-${seen}`;
    } while (given.has(id));
    taken.set(base, seen);
    ids.set(uri, id);
  }
  const vocabularies = schemes.map((scheme) => ({
    id: ids.get(scheme.uri) as string,
    scheme: scheme.uri,
    title: scheme.prefLabel,
    languages: scheme.languages,
    defaultLanguage:
      scheme.languages.includes(defaultLang) || scheme.languages.length === 0 ? defaultLang : (scheme.languages[0] as string),
  }));
  return vocabularies.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The vocabularies worked out for each language, for one version of the vocabulary (at most MAX_LANGUAGES languages). */
const worked = new WeakMap<Lookup, { version: string; byLang: Map<string, Promise<Vocabulary[]>> }>();
const MAX_LANGUAGES = 32;

/**
 * The vocabularies the service offers: one for each concept scheme, or one for the whole of
 * data without schemes. Every Skosmos request reads them: they are worked out once for each
 * language and version of the vocabulary (`Lookup.version`, which a change of the data moves on).
 */
export function vocabularies(concepts: Lookup, lang: string, settings: VocabularySettings): Promise<Vocabulary[]> {
  const version = concepts.version;
  let kept = worked.get(concepts);
  if (kept === undefined || kept.version !== version || kept.byLang.size >= MAX_LANGUAGES) {
    kept = { version, byLang: new Map() };
    worked.set(concepts, kept);
  }
  const { byLang } = kept;
  let found = byLang.get(lang);
  if (found === undefined) {
    found = workOut(concepts, lang, settings);
    byLang.set(lang, found);
    // a failure (a store that does not answer) is not kept
    found.catch(() => byLang.get(lang) === found && byLang.delete(lang));
  }
  return found;
}

async function workOut(concepts: Lookup, lang: string, settings: VocabularySettings): Promise<Vocabulary[]> {
  const schemes = await concepts.schemes(lang);
  if (schemes.length > 0) return vocabulariesOf(schemes, settings);
  const languages = await concepts.languages();
  return [{ id: WHOLE_VOCABULARY_ID, scheme: undefined, title: 'SKOS concepts', languages, defaultLanguage: settings.defaultLang }];
}

/** The vocabulary of the id among `all`, or a 404 naming the ids there are. */
export function vocabularyIn(all: readonly Vocabulary[], id: string): Vocabulary {
  const found = all.find((candidate) => candidate.id === id);
  if (found === undefined)
    throw new NotFoundError(
      `no vocabulary '${id.slice(0, 80)}'; this service has ${all.map((candidate) => `'${candidate.id}'`).join(', ')}`,
    );
  return found;
}

/** The vocabulary of the id, or a 404 naming the ids there are. */
export async function vocabulary(concepts: Lookup, id: string, lang: string, settings: VocabularySettings): Promise<Vocabulary> {
  return vocabularyIn(await vocabularies(concepts, lang, settings), id);
}
