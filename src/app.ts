import { refuseWhenFull } from './http/outgoingBytes.js';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Config } from './Config.js';
import type { Lookup } from './lookup/Lookup.js';
import { readFileSync } from 'node:fs';
import { PROJECT_ROOT } from './loadConfig.js';
import { getHandler } from './endpoints/get.js';
import { healthHandler, readyHandler } from './endpoints/health.js';
import { languagesHandler } from './endpoints/languages.js';
import { narrowerHandler, schemesHandler, topHandler } from './endpoints/browse.js';
import { metricsHandler } from './endpoints/metrics.js';
import { assetRoutes, conceptFieldRoutes, pageHandler } from './endpoints/pages.js';
import { searchHandler } from './endpoints/search.js';
import { suggestHandler } from './endpoints/suggest.js';
import { NotFoundError, errorHandler } from './errors.js';
import { route } from './http/route.js';
import { reconcileRoutes } from './reconcile/reconcileRoutes.js';
import { ReconcileServices } from './reconcile/ReconcileServices.js';
import { draftRoutes } from './reconcile/draftRoutes.js';
import { skosmosRoutes } from './skosmos/skosmosRoutes.js';
import { jskosRoutes } from './jskos/jskosRoutes.js';
import { ResponseCache } from './http/ResponseCache.js';
import { rendered } from './http/ResponseCache.js';
import { fixedHeaders } from './http/fixedHeaders.js';
import { requestLog } from './http/requestLog.js';
import { requestMetrics } from './http/requestMetrics.js';
import { watchClient } from './http/watchClient.js';
import { sendRendered } from './http/sendRendered.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics/Metrics.js';
import { openApiDocument } from './openapi/openApiDocument.js';

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
  app.set('query parser', false); // parameters are read by endpoints/parameters.ts alone

  // A JSON API read by pages on other origins: helmet's defaults, but resources may be
  // read cross-origin; and the two HTML pages must work on plain http (an intranet host),
  // so their content security policy does not upgrade their requests to https. No HSTS:
  // the service speaks plain HTTP, where the header means nothing; a TLS terminator in
  // front sends it for its own host.
  app.use(requestLog(log));
  app.use(requestMetrics(metrics));
  app.use(watchClient());
  const base = config.basePath;
  app.use(refuseWhenFull([`${base}/health`, `${base}/ready`, `${base}/metrics`]));
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

  const context = {
    config,
    concepts,
    cache: new ResponseCache(config.cacheMaxEntries, config.cacheMaxBytes, config.cacheTtlSeconds, () => concepts.version),
  };
  const router = express.Router();
  route(router, '/get', getHandler(context));
  route(router, '/search', searchHandler(context));
  route(router, '/suggest', suggestHandler(context));
  route(router, '/health', healthHandler());
  route(router, '/ready', readyHandler(concepts));
  route(router, '/languages', languagesHandler(context));
  route(router, '/schemes', schemesHandler(context));
  route(router, '/top', topHandler(context));
  route(router, '/narrower', narrowerHandler(context));
  const openApi = rendered(openApiDocument(config, VERSION));
  route(router, '/openapi.json', (req, res) => sendRendered(req, res, openApi, config.httpMaxAge, 'asset'));
  if (config.metrics) route(router, '/metrics', metricsHandler(metrics));
  route(router, '/', pageHandler(`${config.basePath}/`, 'index.html'));
  route(router, '/docs', pageHandler(`${config.basePath}/docs`, 'docs.html'));
  conceptFieldRoutes(router, `${config.basePath}/concept-field`);
  const reconcileServices = new ReconcileServices(concepts, config);
  reconcileRoutes(router, reconcileServices);
  draftRoutes(router, reconcileServices, VERSION);
  skosmosRoutes(router, context);
  jskosRoutes(router, context);
  assetRoutes(router);
  app.use(config.basePath === '' ? '/' : config.basePath, router);

  app.use((_req, _res, next) => {
    next(
      new NotFoundError(
        `no such path; this service answers ${config.basePath}/get, ${config.basePath}/search, ${config.basePath}/suggest, ${config.basePath}/schemes, ${config.basePath}/top, ${config.basePath}/narrower, ${config.basePath}/reconcile, ${config.basePath}/rest/v1 (the Skosmos REST API) and ${config.basePath}/jskos (the JSKOS API)`,
      ),
    );
  });
  app.use(errorHandler(log));
  return app;
}
