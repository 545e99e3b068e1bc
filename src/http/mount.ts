import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Config } from '../Config.js';
import { BadRequestError, MethodNotAllowedError } from '../errors.js';
import { cachedAnswer } from './cachedAnswer.js';
import { inTurnIfHeavy } from './heavyAnswers.js';
import { BODY_BYTES } from './limits.js';
import { publicUrl, publicUrlCacheControl } from './publicUrl.js';
import { readParameter, type ParameterSource } from './QueryParameter.js';
import { QueryParameters, queryParameters } from './QueryParameters.js';
import { renderedInTurns } from './renderedInTurns.js';
import type { ResponseCache } from './ResponseCache.js';
import type { Input, Parameters, Route, RouteRequest } from './Route.js';
import { sendBody, sendRendered } from './sendRendered.js';

/** What the routes' reader needs beside the routes. */
export interface Mounting {
  readonly config: Config;
  readonly cache: ResponseCache;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Registers `routes` on `router`, each as its declaration says: its methods (GET also answers
 * HEAD; OPTIONS answers a CORS preflight; any other method is a 405 naming those it takes), its
 * body, its parameters read and checked before its handler runs (a 400 naming the first at
 * fault), its answer kept and sent as its cache policy says. Errors go on to the one error
 * handler (errors.ts).
 */
export function mount(router: Router, routes: readonly Route[], mounting: Mounting): void {
  for (const route of routes) {
    const methods =
      route.method === 'POST' ? 'POST, OPTIONS' : route.method === 'GET, POST' ? 'GET, HEAD, POST, OPTIONS' : 'GET, HEAD, OPTIONS';
    const handle = handler(route, mounting);
    const chain = router.route(route.path);
    if (route.method === 'POST') chain.get((req) => refuse(req.method, methods));
    else chain.get(handle);
    if (route.method !== undefined && route.method !== 'GET') chain.post(bodyReader(route), handle);
    chain
      .options((req, res) => {
        res.set('Allow', methods);
        res.set('Access-Control-Allow-Methods', methods);
        const requested = req.get('Access-Control-Request-Headers');
        if (requested !== undefined) res.set('Access-Control-Allow-Headers', requested);
        res.set('Access-Control-Max-Age', '86400');
        res.status(204).end();
      })
      .all((req) => refuse(req.method, methods));
  }
}

function refuse(method: string, methods: string): never {
  throw new MethodNotAllowedError(method, methods);
}

/** A POST's body as text, at most BODY_BYTES decoded: a form where the route takes one, else anything (JSON is read later). */
function bodyReader(route: Route): RequestHandler {
  return express.text({ type: route.body?.as === 'form' ? 'application/x-www-form-urlencoded' : () => true, limit: BODY_BYTES });
}

function handler(route: Route, { config, cache }: Mounting): RequestHandler {
  return async (req, res) => {
    const fromForm = req.method === 'POST' && route.body?.as === 'form';
    const query = fromForm ? new QueryParameters(typeof req.body === 'string' ? req.body : '') : queryParameters(req.url);
    const input = readInput(route.parameters ?? {}, query, req);
    const guarded = guard(route, input);
    if (route.send !== undefined) return route.send(guarded, req, res);
    const answer = route.answer;
    if (answer === undefined) throw new Error(`the route ${route.path} declares neither an answer nor how it sends one`);
    const request = routeRequest(route, config, req, res);
    const heavy = route.heavy?.(guarded) === true;
    const make = (): Promise<unknown> => inTurnIfHeavy(heavy, async () => answer(guarded, request));
    if (route.cache === 'shared') {
      const body = await cachedAnswer(res, cache, cacheKey(route, input), async () => renderedInTurns(await make()));
      return sendRendered(req, res, body, config.httpMaxAge);
    }
    const body = await renderedInTurns(await make());
    if (route.cache === 'none') {
      res.status(200).set('Cache-Control', 'no-store').type(JSON_TYPE).send(body.body);
      return;
    }
    return sendBody(req, res, body, JSON_TYPE, publicUrlCacheControl(config, res), 'answer');
  };
}

/**
 * The declared parameters' values, in their order, each read with those before it (by name)
 * as its context: `page` knows `count`, JSKOS' `offset` its `limit`. Those declared for the
 * description alone are not read.
 */
function readInput(parameters: Parameters, query: ParameterSource, req: Request): Record<string, unknown> {
  const path: ParameterSource = {
    getAll: (name) => {
      const value: unknown = req.params[name];
      return value === undefined ? [] : [String(value)];
    },
  };
  const input: Record<string, unknown> = {};
  const byName: Record<string, unknown> = {};
  for (const [key, declared] of Object.entries(parameters)) {
    if (declared.describedOnly === true) continue;
    input[key] = byName[declared.name] = readParameter(declared, declared.in === 'path' ? path : query, byName);
  }
  return input;
}

/**
 * The input as the handler sees it: reading a parameter its route does not declare is a fault
 * of the code, never a value: it fails loudly (a 500, and the contract tests fail), so that no
 * answer depends on a parameter that is not in its cache key.
 */
function guard<P extends Parameters>(route: Route, input: Record<string, unknown>): Input<P> {
  return new Proxy(input, {
    get(target, key) {
      if (typeof key === 'string' && !Object.hasOwn(target, key) && key !== 'then' && key !== 'toJSON')
        throw new Error(`the route ${route.path} reads '${key}', which it does not declare`);
      return Reflect.get(target, key) as unknown;
    },
  }) as Input<P>;
}

/** The key of a kept answer: the route and its declared parameters' values (sets in order), nothing else. */
function cacheKey(route: Route, input: Record<string, unknown>): string {
  return JSON.stringify([route.path, ...Object.keys(input).map((key) => input[key] ?? null)], (_key, value: unknown) =>
    value instanceof Set ? [...(value as Set<string>)].sort() : value,
  );
}

function routeRequest(route: Route, config: Config, req: Request, res: Response): RouteRequest {
  const text = typeof req.body === 'string' ? req.body : '';
  return {
    method: req.method,
    publicUrl: () => {
      // a kept answer is the same for every client: none may hold an address read from one's headers
      if (route.cache !== 'by-address') throw new Error(`the route ${route.path} reads the public URL but is not kept by address`);
      return publicUrl(config, req, res);
    },
    get body(): unknown {
      if (route.body?.as !== 'json') return undefined;
      try {
        return JSON.parse(text);
      } catch {
        throw new BadRequestError('request body: is not JSON');
      }
    },
    hasBody: Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined,
    is: (type) => req.is(type) !== false && req.is(type) !== null,
    ignored: (names) => {
      if (names.length > 0) res.locals.ignored = [...new Set(names)].slice(0, 20); // for the request log
    },
  };
}
