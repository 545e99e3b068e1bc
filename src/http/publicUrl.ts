import type { Request, Response } from 'express';
import type { Config } from '../Config.js';

/**
 * The service's public URL, for answers that hold links (the reconciliation manifest, the JSKOS
 * API's status): PUBLIC_URL; else, behind a trusted proxy (TRUST_PROXY), the host and scheme it
 * forwards (Forwarded, or X-Forwarded-Host and -Proto); else the request's own scheme and Host;
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
  if (config.trustProxy) {
    res.vary('Forwarded').vary('X-Forwarded-Host').vary('X-Forwarded-Proto');
    const forwarded = forwardedBy(req.get('forwarded'));
    host = forwarded.host ?? firstOf(req.get('x-forwarded-host')) ?? host;
    scheme = forwarded.proto ?? firstOf(req.get('x-forwarded-proto')) ?? scheme;
  }
  if (!/^[\w.:[\]-]+$/.test(host) || !/^https?$/.test(scheme)) return `http://localhost${config.basePath}`;
  return `${scheme}://${host}${config.basePath}`;
}

/** `Cache-Control` of an answer that holds the public URL: private where `publicUrl` made it from the request's headers. */
export function publicUrlCacheControl(config: Config, res: Response): string {
  return `${res.locals.fromHeaders === true ? 'private' : 'public'}, max-age=${config.httpMaxAge}`;
}

/** The first value of a comma-separated header, trimmed; undefined when absent or empty. */
function firstOf(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.trim();
  return first === undefined || first === '' ? undefined : first;
}

/** The host and proto of the first element of a Forwarded header (RFC 7239), unquoted. */
function forwardedBy(header: string | undefined): { host?: string; proto?: string } {
  const element = header?.split(',')[0] ?? '';
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
