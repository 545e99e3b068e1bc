import { MethodNotAllowedError } from '../errors.js';
import type { RequestHandler, Router } from 'express';

/**
 * Routes `path`: GET (and so HEAD) runs `handler`, POST runs `post` when given, OPTIONS
 * answers a CORS preflight for those methods, other methods get a 405.
 */
export function route(router: Router, path: string, handler: RequestHandler, post?: readonly RequestHandler[]): void {
  const methods = post === undefined ? 'GET, HEAD, OPTIONS' : 'GET, HEAD, POST, OPTIONS';
  const chain = router.route(path).get(handler);
  if (post !== undefined) chain.post(...post);
  chain
    .options((req, res) => {
      res.set('Allow', methods);
      res.set('Access-Control-Allow-Methods', methods);
      const requested = req.get('Access-Control-Request-Headers');
      if (requested !== undefined) res.set('Access-Control-Allow-Headers', requested);
      res.set('Access-Control-Max-Age', '86400');
      res.status(204).end();
    })
    .all((req, _res, next) => next(new MethodNotAllowedError(req.method, methods)));
}
