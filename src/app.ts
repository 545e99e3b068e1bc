import { refuseWhenFull } from './http/outgoingBytes.js';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Config } from './Config.js';
import type { Lookup } from './lookup/Lookup.js';
import type { EndpointContext } from './endpoints/EndpointContext.js';
import { readFileSync } from 'node:fs';
import { PROJECT_ROOT } from './loadConfig.js';
import { getRoute } from './endpoints/get.js';
import { healthRoute, readyRoute } from './endpoints/health.js';
import { languagesRoute } from './endpoints/languages.js';
import { narrowerRoute, schemesRoute, topRoute } from './endpoints/browse.js';
import { metricsRoute } from './endpoints/metrics.js';
import { openApiRoute } from './endpoints/openApiRoute.js';
import { assetRoutes, pageRoutes } from './endpoints/pages.js';
import { searchRoute } from './endpoints/search.js';
import { suggestRoute } from './endpoints/suggest.js';
import { NotFoundError, errorHandler } from './errors.js';
import { answeredPaths } from './http/describeRoutes.js';
import { mount } from './http/mount.js';
import { operationalPaths, type Route } from './http/Route.js';
import { reconcileRoutes } from './reconcile/reconcileRoutes.js';
import { ReconcileServices } from './reconcile/ReconcileServices.js';
import { draftRoutes } from './reconcile/draftRoutes.js';
import { skosmosRoutes } from './skosmos/skosmosRoutes.js';
import { jskosRoutes } from './jskos/jskosRoutes.js';
import { ResponseCache } from './http/ResponseCache.js';
import { fixedHeaders } from './http/fixedHeaders.js';
import { requestLog } from './http/requestLog.js';
import { requestMetrics } from './http/requestMetrics.js';
import { watchClient } from './http/watchClient.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics/Metrics.js';

export interface AppDependencies {
  config: Config;
  concepts: Lookup;
  log: Logger;
  metrics: Metrics;
}

const VERSION = (JSON.parse(readFileSync(`${PROJECT_ROOT}package.json`, 'utf8')) as { version: string }).version;

/**
 * The Express application of the contract, under `config.basePath`. It never listens:
 * server.ts (or a test) does. Every response is JSON with `Access-Control-Allow-Origin: *`.
 */
export function createApp({ config, concepts, log, metrics }: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // 200s carry the ETag of their cached body; errors carry none
  app.set('query parser', false); // parameters are read by the routes' reader alone (http/mount.ts)

  const context: EndpointContext = {
    config,
    concepts,
    cache: new ResponseCache(config.cacheMaxEntries, config.cacheMaxBytes, config.cacheTtlSeconds, () => concepts.version),
  };
  const routes = serviceRoutes(context, metrics);
  app.locals.routes = routes; // what server.ts listens for the probes on, and the tests hold the description to
  const operational = operationalPaths(routes, config.basePath, 'operational');
  app.use(requestLog(log, operational));
  app.use(requestMetrics(metrics));
  app.use(watchClient());
  app.use(refuseWhenFull(operational));
  // A JSON API read by pages on other origins: helmet's defaults, but resources may be
  // read cross-origin; and the two HTML pages must work on plain http (an intranet host),
  // so their content security policy does not upgrade their requests to https. No HSTS:
  // the service speaks plain HTTP, where the header means nothing; a TLS terminator in
  // front sends it for its own host.
  app.use(
    fixedHeaders(
      helmet({
        crossOriginResourcePolicy: { policy: 'cross-origin' },
        contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
        strictTransportSecurity: false,
      }),
      {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': 'ETag, Retry-After, X-Request-Id',
      },
    ),
  );

  const router = express.Router();
  mount(router, routes, context);
  assetRoutes(router);
  app.use(config.basePath === '' ? '/' : config.basePath, router);

  const answered = answeredPaths(routes, config.basePath);
  app.use((_req, _res, next) => {
    next(new NotFoundError(`no such path; this service answers ${answered}`));
  });
  app.use(errorHandler(log));
  return app;
}

/**
 * Every route the service answers, in the order /docs lists them: the lookups, browsing, the
 * protocols, the operations, then the pages. Each is declared once, in its room; this list is
 * what is mounted, described at /openapi.json and named in the 404 of an unknown path.
 */
export function serviceRoutes(context: EndpointContext, metrics: Metrics): Route[] {
  const { config, concepts } = context;
  const reconcileServices = new ReconcileServices(concepts, config);
  const routes: Route[] = [
    getRoute(context),
    searchRoute(context),
    suggestRoute(context),
    languagesRoute(context),
    schemesRoute(context),
    topRoute(context),
    narrowerRoute(context),
    ...reconcileRoutes(reconcileServices),
    ...draftRoutes(reconcileServices, VERSION),
    ...skosmosRoutes(context),
    ...jskosRoutes(context),
    healthRoute(),
    readyRoute(concepts),
    ...(config.metrics ? [metricsRoute(metrics)] : []),
    openApiRoute(config, VERSION, () => routes),
    ...pageRoutes(config.basePath),
  ];
  return routes;
}
