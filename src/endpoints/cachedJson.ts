import type { RequestHandler } from 'express';
import { cachedAnswer } from '../http/cachedAnswer.js';
import { renderedInTurns } from '../http/renderedInTurns.js';
import { sendRendered } from '../http/sendRendered.js';
import type { EndpointContext } from './EndpointContext.js';
import { queryParameters, type QueryParameters } from './parameters.js';

/**
 * A GET handler whose JSON answer goes through the response cache, keyed on the protocol, the
 * path and the values of the parameters it reads (`parameters`; others change nothing, so they
 * do not make new keys): the shape of the Skosmos and JSKOS routes.
 */
export function cachedJson(
  { config, cache }: EndpointContext,
  protocol: string,
  parameters: readonly string[],
  render: (params: QueryParameters, vocid: string | undefined) => Promise<unknown>,
): RequestHandler {
  return async (req, res) => {
    const params = queryParameters(req.url);
    const key = JSON.stringify([protocol, req.path, ...parameters.map((name) => params.getAll(name))]);
    const vocid = req.params.vocid;
    const body = await cachedAnswer(res, cache, key, async () =>
      renderedInTurns(await render(params, vocid === undefined ? undefined : String(vocid))),
    );
    await sendRendered(req, res, body, config.httpMaxAge);
  };
}
