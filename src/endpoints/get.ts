import type { RequestHandler } from 'express';
import { cachedAnswer } from '../http/cachedAnswer.js';
import { inTurnIfHeavy } from '../http/heavyAnswers.js';
import { renderedInTurns } from '../http/renderedInTurns.js';
import { sendRendered } from '../http/sendRendered.js';
import type { EndpointContext } from './EndpointContext.js';
import { encodeQueryComponent } from './hrefQuery.js';
import { fieldsParameter, fieldsValue, langParameter, queryParameters, uriParameters } from './parameters.js';

/**
 * GET /get?uri=A&uri=B[&lang=X]: the concepts among the URIs, in request order, each once,
 * in `{"_links": {"self": {"href"}}, "_embedded": {"concepts"}}`. The href repeats the
 * URIs as given, under the configured base path, then `lang` and `fields` when given (so
 * that it asks again for the same answer).
 */
export function getHandler({ config, concepts, cache }: EndpointContext): RequestHandler {
  return async (req, res) => {
    const params = queryParameters(req.url);
    const uris = uriParameters(params);
    const lang = langParameter(params);
    const fields = fieldsParameter(params);
    const key = JSON.stringify(['get', uris, lang ?? null, fieldsValue(fields)]);
    const body = await cachedAnswer(res, cache, key, () =>
      inTurnIfHeavy(fields.has('narrower'), async () => {
        const query =
          uris.map((uri) => `uri=${encodeQueryComponent(uri)}`).join('&') +
          (lang === undefined ? '' : `&lang=${encodeQueryComponent(lang)}`) +
          (fields.size === 0 ? '' : `&fields=${encodeQueryComponent(fieldsValue(fields))}`);
        return renderedInTurns({
          _links: { self: { href: `${config.basePath}/get?${query}` } },
          _embedded: { concepts: await concepts.get(uris, lang, fields) },
        });
      }),
    );
    await sendRendered(req, res, body, config.httpMaxAge);
  };
}
