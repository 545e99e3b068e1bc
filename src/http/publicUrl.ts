import type { Request, Response } from 'express';
import type { Config } from '../Config.js';

/**
 * The service's public URL, for answers that hold links (the reconciliation manifest, the JSKOS
 * API's status): PUBLIC_URL; else, behind trusted proxies (TRUST_PROXY), the host and scheme
 * they forward (Forwarded, or X-Forwarded-Host and -Proto), read as the value the outermost
 * trusted proxy appended: each proxy appends to what it received, so the values before it are
 * the client's own; else the request's own scheme and Host;
 * with the base path. An answer made from a request's headers varies with them (`Vary`) and is
 * private (`publicUrlCacheControl`): a shared cache never hands one host's links to a client of
 * another, whatever a client sends as its Host.
 */
export function publicUrl(config: Config, req: Request, res: Response): string {
  if (config.publicUrl !== undefined) return config.publicUrl;
  res.locals.fromHeaders = true;
  res.vary('Host');
  let host = req.get('host') ?? 'localhost';
  let scheme = req.protocol;
  if (config.trustProxy > 0) {
    res.vary('Forwarded').vary('X-Forwarded-Host').vary('X-Forwarded-Proto');
    const hops = config.trustProxy;
    const forwarded = forwardedBy(appended(req.get('forwarded'), hops));
    host = forwarded.host ?? appended(req.get('x-forwarded-host'), hops) ?? host;
    scheme = forwarded.proto ?? appended(req.get('x-forwarded-proto'), hops)?.toLowerCase() ?? scheme;
  }
  if (!/^[\w.:[\]-]+$/.test(host) || !/^https?$/.test(scheme)) return `http://localhost${config.basePath}`;
  return `${scheme}://${host}${config.basePath}`;
}

/** `Cache-Control` of an answer that holds the public URL: private where `publicUrl` made it from the request's headers. */
export function publicUrlCacheControl(config: Config, res: Response): string {
  return `${res.locals.fromHeaders === true ? 'private' : 'public'}, max-age=${config.httpMaxAge}`;
}

/**
 * The value of a comma-separated header that the outermost of `hops` trusted proxies appended:
 * `hops` from the end (the first where there are fewer, all of them then the proxies'),
 * trimmed; undefined when absent or empty. Repeated header lines are joined by commas already.
 */
function appended(header: string | undefined, hops: number): string | undefined {
  if (header === undefined) return undefined;
  const values = header.split(',');
  const value = values[Math.max(0, values.length - hops)]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** The host and proto of one element of a Forwarded header (RFC 7239), unquoted. */
function forwardedBy(element = ''): { host?: string; proto?: string } {
  const found: { host?: string; proto?: string } = {};
  for (const pair of element.split(';')) {
    const [name, value] = pair.split('=').map((part) => part.trim());
    if (value === undefined || value === '') continue;
    const unquoted = value.replace(/^"(.*)"$/, '$1');
    if (name?.toLowerCase() === 'host') found.host = unquoted;
    else if (name?.toLowerCase() === 'proto') found.proto = unquoted.toLowerCase();
  }
  return found;
}
