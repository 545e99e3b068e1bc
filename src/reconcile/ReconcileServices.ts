import { publicUrl, publicUrlCacheControl } from '../http/publicUrl.js';
import type { Request, Response } from 'express';
import type { Config } from '../Config.js';
import type { Lookup } from '../lookup/Lookup.js';
import { DETAIL_FIELDS } from '../domain/Concept.js';
import { BadRequestError } from '../errors.js';
import { isRdfIri } from '../domain/iri.js';
import { previewHtml, previewMissingHtml, type PreviewReasons } from './preview.js';
import { reasonsOf } from './matchFeatures.js';
import { readQueryBatch } from './readQueryBatch.js';
import { EXTEND_PROPERTIES, SUGGESTED_PROPERTIES, propertyMatches, type PropertyDefinition } from './properties.js';
import { Reconciler, type ReconcileType } from './Reconciler.js';
import { PREVIEW_FRAGMENT_SCRIPT_HASH, substitutedIds } from './substitutedId.js';

/** The page size of the /suggest calls behind entity suggest (its most). */
const SUGGEST_PAGE = 100;
/** How far a suggest offset may reach (as /suggest's depth). */
export const MAX_OFFSET = 10_000 - SUGGEST_PAGE;
/** Suggestions per suggest request: the default, and the most a `limit` may ask (1.0). */
export const SUGGEST_COUNT = 10;
/** How many candidates the preview card looks among for its concept's reasons (`q`). */
const PREVIEW_CANDIDATES = 25;
export const MAX_SUGGEST = 100;

/** An entity suggestion: a concept, its broader concepts as the description, its type and schemes as notable. */
export interface EntitySuggestion {
  id: string;
  name: string;
  description?: string;
  notable: ReconcileType[];
}

/**
 * What both versions of the reconciliation API offer besides matching, whatever their
 * wire format: entity, type and property suggestions by prefix, the preview card, property
 * proposals. The routes of each version (reconcileRoutes.ts for 0.2, draftRoutes.ts for the
 * 1.0 draft) read their parameters and call these.
 */
export class ReconcileServices {
  readonly reconciler: Reconciler;
  /** The one concept type, where CONCEPT_TYPES names one: the type of every candidate. */
  readonly conceptType: ReconcileType | undefined;

  constructor(
    readonly concepts: Lookup,
    readonly config: Config,
  ) {
    this.reconciler = new Reconciler(concepts, config);
    this.conceptType =
      config.conceptTypes.length === 1
        ? { id: config.conceptTypes[0] as string, name: this.reconciler.conceptTypeName(config.conceptTypes[0] as string) }
        : undefined;
  }

  /** The concept types, as types. */
  get defaultTypes(): ReconcileType[] {
    return this.config.conceptTypes.map((id) => ({ id, name: this.reconciler.conceptTypeName(id) }));
  }

  /**
   * The manifests' `defaultTypes` (OpenRefine offers them first in its dialog): the concept
   * types, and the scheme where the vocabulary has exactly one. The schemes are asked only
   * once the vocabulary is read (a manifest never waits for that read), and a store that
   * fails leaves them out: a manifest always answers.
   */
  async manifestTypes(): Promise<ReconcileType[]> {
    if (this.concepts.lifecycle.notReady !== undefined) return this.defaultTypes;
    try {
      const schemes = await this.concepts.schemes(this.config.defaultLang);
      const [only] = schemes;
      if (schemes.length === 1 && only !== undefined) return [...this.defaultTypes, { id: only.uri, name: only.prefLabel || only.uri }];
    } catch {
      // the concept types alone
    }
    return this.defaultTypes;
  }

  /** Concepts whose labels start with `prefix`, as /suggest finds them (an IRI given as the prefix: that concept first). */
  async suggestEntities(prefix: string, offset: number, limit: number): Promise<EntitySuggestion[]> {
    // /suggest's pages of 100 that hold suggestions offset .. offset + limit - 1
    const first = Math.floor(offset / SUGGEST_PAGE);
    const last = Math.floor((offset + limit - 1) / SUGGEST_PAGE);
    const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i + 1);
    const found =
      prefix === '' ? [] : (await Promise.all(pages.map((page) => this.concepts.suggest({ q: prefix, count: SUGGEST_PAGE, page })))).flat();
    let list = found.slice(offset % SUGGEST_PAGE, (offset % SUGGEST_PAGE) + limit).map((c) => ({ uri: c.uri, prefLabel: c.prefLabel }));
    const [own] = offset === 0 && isRdfIri(prefix) && !/\s/.test(prefix) ? await this.concepts.get([prefix], undefined) : [];
    if (own !== undefined) list = [own, ...list.filter((c) => c.uri !== own.uri)].slice(0, limit);
    const fields = await this.concepts.fieldsOf(
      list.map((c) => c.uri),
      this.config.defaultLang,
      new Set(['broader', 'scheme']),
    );
    return list.map((c) => {
      const { broader = [], scheme = [] } = fields.get(c.uri) ?? {};
      return {
        id: c.uri,
        name: c.prefLabel || c.uri,
        ...(broader.length > 0 ? { description: broader.map((b) => b.label || b.uri).join(' · ') } : {}),
        notable: [
          ...(this.conceptType === undefined ? [] : [this.conceptType]),
          ...scheme.map((s) => ({ id: s.uri, name: s.label || s.uri })),
        ],
      };
    });
  }

  /** The concept types and the concept schemes whose id, or a word of whose name, starts with `prefix` ("" gives all). */
  async suggestTypes(prefix: string, offset: number, limit: number): Promise<ReconcileType[]> {
    const schemes = await this.concepts.schemes(this.config.defaultLang);
    const types = [...this.defaultTypes, ...schemes.map(({ uri, prefLabel }) => ({ id: uri, name: prefLabel || uri }))];
    const wanted = prefix.trim().toLowerCase();
    const matches = (type: ReconcileType): boolean =>
      wanted === '' ||
      type.id.toLowerCase().startsWith(wanted) ||
      type.name
        .toLowerCase()
        .split(/\s+/)
        .some((word) => word.startsWith(wanted));
    return types.filter(matches).slice(offset, offset + limit);
  }

  /** The properties a query may score with (SUGGESTED_PROPERTIES) whose id or name starts with `prefix`. */
  suggestProperties(prefix: string, offset: number, limit: number): PropertyDefinition[] {
    return SUGGESTED_PROPERTIES.filter((p) => propertyMatches(p, prefix)).slice(offset, offset + limit);
  }

  /** The properties data extension proposes, the first `limit`. */
  proposals(limit: number | undefined): PropertyDefinition[] {
    return EXTEND_PROPERTIES.slice(0, limit ?? EXTEND_PROPERTIES.length);
  }

  /**
   * The preview card (`preview?id=`, and `q` for the reasons it is a candidate for a name), shown in an iframe of the client's page on any origin:
   * no X-Frame-Options and no frame-ancestors (`*` would still refuse a parent of another
   * scheme); one script, which asks again where an id's `#` was cut off (substitutedId.ts),
   * and no other. An id that is no concept gets a page that says so (a 404), where the
   * script may still find the whole id.
   */
  readonly preview = async (req: Request, res: Response, q?: string, lang?: string): Promise<void> => {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    const ids = substitutedIds(query, 'id');
    if (ids.length === 0) throw new BadRequestError("'id' parameter is mandatory");
    const iris = ids.filter(isRdfIri);
    const found = iris.length === 0 ? [] : await this.concepts.get(iris, undefined, new Set(DETAIL_FIELDS));
    const concept = found.find((c) => c.uri === iris[0]) ?? found[0];
    const page = `${publicUrl(this.config, req, res)}/?uri=`;
    res.set('Content-Type', 'text/html; charset=utf-8');
    res.set('Cache-Control', this.cacheControl(res));
    res.removeHeader('X-Frame-Options');
    res.set(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src ${PREVIEW_FRAGMENT_SCRIPT_HASH}; base-uri 'none'; form-action 'none'`,
    );
    if (concept === undefined) res.status(404).send(previewMissingHtml(ids[0] as string));
    else
      res
        .status(200)
        .send(
          previewHtml(concept, (uri) => page + encodeURIComponent(uri), q === undefined ? undefined : await this.why(concept.uri, q, lang)),
        );
  };

  /** Why a concept is a candidate for the name `q` (in `lang`): its reasons, score and match as reconciliation answers them, or that it is none. */
  private async why(uri: string, q: string, lang: string | undefined): Promise<PreviewReasons> {
    const request = readQueryBatch(
      JSON.stringify({
        q: { query: q, limit: PREVIEW_CANDIDATES, ...(lang === undefined ? {} : { properties: [{ pid: 'lang', v: lang }] }) },
      }),
    );
    const candidates = (await this.reconciler.answer(request)).q ?? [];
    const candidate = candidates.find((each) => each.id === uri);
    return {
      q,
      reasons: candidate === undefined ? `not among the first ${PREVIEW_CANDIDATES} candidates` : reasonsOf(candidate, []),
      score: candidate?.score,
      match: candidate?.match ?? false,
    };
  }

  /** `Cache-Control` of an answer that holds the public URL (http/publicUrl.ts). */
  cacheControl(res: Response): string {
    return publicUrlCacheControl(this.config, res);
  }
}
