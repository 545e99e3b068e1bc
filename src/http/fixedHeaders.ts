import type { RequestHandler } from 'express';

/**
 * The headers that every answer carries (helmet's security headers, the CORS ones), worked
 * out once: `middleware` is run at start against a recorder, and what it set is then set on
 * each response in one loop. Helmet as configured here sets the same headers on every
 * response, and running its dozen steps per request cost about 6% of the throughput of
 * cached answers.
 * @throws Error when `middleware` does not finish at once (it would depend on the request).
 */
export function fixedHeaders(middleware: RequestHandler, extra: Readonly<Record<string, string>>): RequestHandler {
  const headers: Array<[string, string | number | readonly string[]]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, value]);
      return recorder;
    },
    removeHeader() {},
    getHeader: () => undefined,
  };
  let finished = false;
  middleware({ method: 'GET', url: '/', headers: {} } as never, recorder as never, () => {
    finished = true;
  });
  if (!finished) throw new Error('the header middleware did not finish at once');
  headers.push(...Object.entries(extra));
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
