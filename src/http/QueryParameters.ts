import { BadRequestError } from '../errors.js';

/**
 * A request's query parameters, decoded as forms encode them (`+` is a space). A value whose
 * percent-encoding is malformed (`%zz`, or bytes that are not UTF-8 once decoded) is kept
 * as `undefined` and refused only when its parameter is read: unknown parameters are never
 * looked at, malformed or not.
 */
export class QueryParameters {
  private readonly values = new Map<string, Array<string | undefined>>();

  constructor(query: string) {
    for (const pair of query.split('&')) {
      if (pair === '') continue;
      const equals = pair.indexOf('=');
      const name = decoded(equals === -1 ? pair : pair.slice(0, equals));
      if (name === undefined) continue; // a name nobody could have meant
      const list = this.values.get(name) ?? [];
      list.push(decoded(equals === -1 ? '' : pair.slice(equals + 1)));
      this.values.set(name, list);
    }
  }

  /** Every value of `name`, in order; a 400 naming it when one is malformed. */
  getAll(name: string): string[] {
    const values = this.values.get(name) ?? [];
    if (values.some((value) => value === undefined)) {
      throw new BadRequestError(
        `'${name}' parameter is not well percent-encoded UTF-8 (a '%' must be followed by two hexadecimal digits, and the bytes must be UTF-8)`,
      );
    }
    return values as string[];
  }
}

function decoded(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replaceAll('+', ' '));
  } catch {
    return undefined; // URIError: a malformed escape, or bytes that are not UTF-8
  }
}

/** The query parameters of a request URL. */
export function queryParameters(url: string): QueryParameters {
  const start = url.indexOf('?');
  return new QueryParameters(start === -1 ? '' : url.slice(start + 1));
}
