import type { Request, Response } from 'express';
import type { QueryParameter } from './QueryParameter.js';

/**
 * A group of routes as the API description lists them (`/docs`), and how the 404 of an
 * unknown path names it: by its paths, or, for a protocol of many, by its root.
 */
export interface Tag {
  readonly name: string;
  readonly description: string;
  /** How an unknown path's 404 names the group: its paths (`paths`), its root and what it is, or not at all (unset). */
  readonly mentioned?: 'paths' | { readonly root: string; readonly as: string };
}

/** A route's parameters: what its handler calls each, and its declaration (QueryParameter.ts). */
export type Parameters = Readonly<Record<string, QueryParameter<unknown>>>;

/** The values of `P` as the handler is given them: read, checked and typed by the route's reader. */
export type Input<P extends Parameters> = { readonly [K in keyof P]: P[K] extends QueryParameter<infer T> | undefined ? T : never };

/** One answer of a route, as OpenAPI 3.1 describes it (a `$ref` to a shared one, or the object). */
export type Answers = Readonly<Record<string, object>>;

/**
 * How an answer is kept:
 * - `shared`: the same for every client who asks the same; kept in the response cache under
 *   the route's path and its declared parameters' values, sent `public, max-age` with an ETag;
 * - `by-address`: it holds the service's public URL, which may come from the request's headers
 *   (http/publicUrl.ts): never kept, sent `private` where it did;
 * - `none`: a state of the process (`/ready`): `no-store`.
 */
export type CachePolicy = 'shared' | 'by-address' | 'none';

/** What a handler may ask of its request beyond its parameters. */
export interface RouteRequest {
  readonly method: string;
  /** The service's public URL, with the base path (http/publicUrl.ts): makes the answer `by-address`. */
  publicUrl(): string;
  /** A POST body read as JSON (routes with `body: 'json'`). */
  readonly body: unknown;
  /** Whether a POST came with a body, and whether it is of `type` (routes with `body: 'form'`). */
  readonly hasBody: boolean;
  is(type: string): boolean;
  /** Names what the request held that changed nothing, for the request log (at most 20 kept). */
  ignored(names: readonly string[]): void;
}

/**
 * One route, declared once beside its handler, in its protocol's room: what `mount` registers
 * (http/mount.ts) and what the API description is made of (http/describeRoutes.ts). The
 * handler is given the declared parameters already read and checked; it can read no other.
 */
export interface Route<P extends Parameters = Parameters> {
  /** `GET` (and HEAD), `POST` alone (a JSON body), or both (`GET` with a query, `POST` with the same as a form). */
  readonly method?: 'GET' | 'POST' | 'GET, POST';
  /** Below the base path; `:name` for a path segment declared among the parameters with `in: 'path'`. */
  readonly path: string;
  readonly tag: Tag;
  readonly summary: string;
  readonly description?: string;
  /** Read in this order; a request wrong in several is told of the first. */
  readonly parameters?: P;
  /** A POST's body: a form of the same parameters, or JSON of this schema (at most BODY_LIMIT). */
  readonly body?: { readonly as: 'form' } | { readonly as: 'json'; readonly schema: object };
  /** The answers, by status: what the description says, and what the contract tests check real answers against. */
  readonly answers: Answers;
  /**
   * What operators' tools ask: `probe` (liveness and readiness: answered before any crowd, on
   * PROBE_PORT too) or `monitoring` (metrics); both are answered while slow readers fill the
   * bound of unsent answers, which refuses every other route.
   */
  readonly operational?: 'probe' | 'monitoring';
  /** Left out of the API description (pages and files, which are no part of the JSON API). */
  readonly undescribed?: true;
  readonly cache: CachePolicy;
  /** An answer that may run to megabytes: made in its turn among such (http/heavyAnswers.ts). */
  readonly heavy?: (input: Input<P>) => boolean;
  /** The JSON body of the 200. */
  readonly answer?: (input: Input<P>, request: RouteRequest) => Promise<unknown> | unknown;
  /** Instead of `answer`: writes its own response (a page, a file, another format, a status of its own). */
  readonly send?: (input: Input<P>, req: Request, res: Response) => Promise<void> | void;
}

/**
 * A route's declaration, its parameters' types kept for its handler (`Route<P>` inferred from
 * `parameters`); any route list holds them as `Route`.
 */
export function declare<P extends Parameters>(route: Route<P>): Route {
  return route as unknown as Route;
}

/** The paths, under `base`, of the routes operators' tools ask: the probes alone, or with the monitoring. */
export function operationalPaths(routes: readonly Route[], base: string, which: 'probe' | 'operational'): string[] {
  return routes
    .filter(({ operational }) => operational === 'probe' || (which === 'operational' && operational !== undefined))
    .map(({ path }) => `${base}${path}`);
}
