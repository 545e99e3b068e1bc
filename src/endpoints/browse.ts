import type { RequestHandler } from 'express';
import { BadRequestError, NotFoundError } from '../errors.js';
import { cachedAnswer } from '../http/cachedAnswer.js';
import { inTurnIfHeavy } from '../http/heavyAnswers.js';
import { renderedInTurns } from '../http/renderedInTurns.js';
import { sendRendered } from '../http/sendRendered.js';
import type { BrowseRequest } from '../lookup/Finder.js';
import type { EndpointContext } from './EndpointContext.js';
import {
  browseCountParameter,
  fieldsParameter,
  fieldsValue,
  langParameter,
  oneUriParameter,
  pageParameter,
  queryParameters,
  SCHEME,
  type QueryParameters,
} from './parameters.js';
import { readParameter, type QueryParameter } from './QueryParameter.js';

/** `scheme` of /top: the rules of `scheme` elsewhere, but optional only where the data holds exactly one scheme. */
export const TOP_SCHEME: QueryParameter = {
  ...SCHEME,
  description:
    'The concept scheme, an absolute IRI. Optional when the data holds exactly one scheme; otherwise a 400 says how many there are (see /schemes).',
};

/**
 * GET /schemes[?lang=X]: `{"schemes": [...]}`, every concept scheme with its label, its
 * concepts, its top concepts and its languages (API.md, "Browsing").
 */
export function schemesHandler({ config, concepts, cache }: EndpointContext): RequestHandler {
  return async (req, res) => {
    const lang = langParameter(queryParameters(req.url)) ?? config.defaultLang;
    const key = JSON.stringify(['schemes', lang]);
    const body = await cachedAnswer(res, cache, key, async () => renderedInTurns({ schemes: await concepts.schemes(lang) }));
    await sendRendered(req, res, body, config.httpMaxAge);
  };
}

/**
 * GET /top?scheme=S: a page of the scheme's top concepts, in browsing order. `scheme` may be
 * left out where the data holds exactly one scheme; one /schemes does not list is a 404.
 */
export function topHandler(context: EndpointContext): RequestHandler {
  return browseHandler('top', context, async (params) => {
    const scheme = readParameter(TOP_SCHEME, params) as string | undefined;
    // the schemes' IRIs alone (no concept counted): a 400 or 404 comes before any list is read
    const schemes = await context.concepts.schemeIris();
    const where = `${context.config.basePath}/schemes`;
    if (scheme !== undefined) {
      if (schemes.includes(scheme)) return scheme;
      throw new NotFoundError(`no concept scheme <${scheme}> in the vocabulary (${where} lists them)`);
    }
    if (schemes.length === 1) return schemes[0] as string;
    throw new BadRequestError(
      schemes.length === 0
        ? `'scheme' parameter is mandatory: the vocabulary has no concept scheme, so /top has none to list (${where} lists them)`
        : `'scheme' parameter is mandatory: the vocabulary has ${schemes.length} concept schemes (${where} lists them)`,
    );
  });
}

/** GET /narrower?uri=C: a page of the concepts one level below C, in browsing order; 404 where C is no concept. */
export function narrowerHandler(context: EndpointContext): RequestHandler {
  return browseHandler(
    'narrower',
    context,
    async (params) => oneUriParameter(params),
    // a deprecated concept is one (what is below it is listed); anything else the vocabulary does not hold is a 404
    async (uri, lang) => {
      if ((await context.concepts.get([uri], lang)).length === 0) throw new NotFoundError(`no concept <${uri}> in the vocabulary`);
    },
  );
}

/** The shared shape of /top and /narrower: `{"concepts": [...]}`, one page of a browsing list. */
function browseHandler(
  name: 'top' | 'narrower',
  { config, concepts, cache }: EndpointContext,
  subject: (params: QueryParameters) => Promise<string>,
  /** Throws where the subject is unknown; asked only when the answer is made, never for a kept one. */
  known?: (uri: string, lang: string) => Promise<void>,
): RequestHandler {
  return async (req, res) => {
    const params = queryParameters(req.url);
    const count = browseCountParameter(params);
    const page = pageParameter(params, count);
    const lang = langParameter(params);
    const fields = fieldsParameter(params);
    const uri = await subject(params);
    const request: BrowseRequest = { uri, count, page, lang, fields };
    const key = JSON.stringify([name, uri, count, page, lang ?? null, fieldsValue(fields)]);
    const body = await cachedAnswer(res, cache, key, () =>
      inTurnIfHeavy(fields.has('narrower'), async () => {
        await known?.(uri, lang ?? config.defaultLang);
        return renderedInTurns({ concepts: await concepts[name](request) });
      }),
    );
    await sendRendered(req, res, body, config.httpMaxAge);
  };
}
