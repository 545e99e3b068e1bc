import type { RequestHandler } from 'express';
import type { Concept } from '../domain/Concept.js';
import type { FindRequest } from '../lookup/Finder.js';
import { cachedAnswer } from '../http/cachedAnswer.js';
import { renderedInTurns } from '../http/renderedInTurns.js';
import { inTurnIfHeavy } from '../http/heavyAnswers.js';
import { sendRendered } from '../http/sendRendered.js';
import type { EndpointContext } from './EndpointContext.js';
import { encodeQueryComponent } from './hrefQuery.js';
import {
  countParameter,
  fieldsParameter,
  fieldsValue,
  langParameter,
  pageParameter,
  qParameter,
  queryParameters,
  schemeParameter,
} from './parameters.js';

/** `count` when a request gives none, under `API_COMPAT=skos-suggester`: the old service's 20 for both. */
export const SKOS_SUGGESTER_DEFAULT_COUNT = 20;

/**
 * The shared shape of /search and /suggest: the same parameters (with their own default
 * `count`), and `{"concepts": [...]}` as the whole body; or, under
 * `API_COMPAT=skos-suggester`, the old service's HAL envelope (API.md, "Compatibility").
 */
export function findHandler(
  name: 'search' | 'suggest',
  defaultCount: number,
  { config, cache }: EndpointContext,
  find: (request: FindRequest) => Promise<Concept[]>,
): RequestHandler {
  const hal = config.apiCompat === 'skos-suggester';
  return async (req, res) => {
    const params = queryParameters(req.url);
    const q = qParameter(params);
    const count = countParameter(params, hal ? SKOS_SUGGESTER_DEFAULT_COUNT : defaultCount);
    const request: FindRequest = {
      q,
      count,
      page: pageParameter(params, count),
      lang: langParameter(params),
      scheme: schemeParameter(params),
      fields: fieldsParameter(params),
    };
    const key = JSON.stringify([
      name,
      request.q,
      request.count,
      request.page,
      request.lang ?? null,
      request.scheme ?? null,
      fieldsValue(request.fields ?? new Set()),
    ]);
    const body = await cachedAnswer(res, cache, key, () =>
      inTurnIfHeavy(request.fields?.has('narrower') === true, async () => {
        const concepts = await find(request);
        return renderedInTurns(
          hal
            ? { _links: { self: { href: `${config.basePath}/${name}?${selfQuery(name, request)}` } }, _embedded: { concepts } }
            : { concepts },
        );
      }),
    );
    await sendRendered(req, res, body, config.httpMaxAge);
  };
}

/**
 * The query of the old service's self link: `q`, `page` and `count` for /search, `q` alone
 * for /suggest, as it wrote them; then `lang`, `scheme` and `fields` when given (the old
 * service had none of them), so that the link asks again for the same page.
 */
function selfQuery(name: 'search' | 'suggest', { q, page, count, lang, scheme, fields }: FindRequest): string {
  const pairs: Array<[string, string | number | undefined]> = [['q', q]];
  if (name === 'search') pairs.push(['page', page], ['count', count]);
  pairs.push(['lang', lang], ['scheme', scheme], ['fields', fields === undefined || fields.size === 0 ? undefined : fieldsValue(fields)]);
  return pairs
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeQueryComponent(String(value))}`)
    .join('&');
}
