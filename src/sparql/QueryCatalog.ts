import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sparqljs, { type SelectQuery } from 'sparqljs';
import { QUERIES_DIR } from '../config.js';

/** The queries the service runs, each a file `<name>.rq`. */
export const QUERY_NAMES = ['concepts', 'prefLabels', 'search', 'suggest', 'labels', 'ping'] as const;
/** Queries that only some dialects have (the generic one has none of them). */
export const OPTIONAL_QUERY_NAMES = ['accentedLabels'] as const;
export type QueryName = (typeof QUERY_NAMES)[number] | (typeof OPTIONAL_QUERY_NAMES)[number];

/** A query file that is missing, does not parse, or is not a SELECT query. Stops the start. */
export class QueryFileError extends Error {
  override name = 'QueryFileError';
}

/**
 * The query templates of one dialect, parsed once at start: `queries/<dialect>/<name>.rq`
 * where that file exists, else `queries/generic/<name>.rq`. A store-specific dialect thus
 * overrides any single query and inherits the rest.
 */
export class QueryCatalog {
  private constructor(private readonly templates: ReadonlyMap<QueryName, SelectQuery>) {}

  /** @throws QueryFileError naming the file. */
  static load(dialect: string, directory: string = QUERIES_DIR): QueryCatalog {
    const templates = new Map<QueryName, SelectQuery>();
    for (const name of [...QUERY_NAMES, ...OPTIONAL_QUERY_NAMES]) {
      const own = join(directory, dialect, `${name}.rq`);
      const file = existsSync(own) ? own : join(directory, 'generic', `${name}.rq`);
      if (!existsSync(file) && (OPTIONAL_QUERY_NAMES as readonly string[]).includes(name)) continue;
      let parsed;
      try {
        parsed = new sparqljs.Parser().parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new QueryFileError(`${file}: ${(error as Error).message.split('\n')[0]}`);
      }
      if (parsed.type !== 'query' || parsed.queryType !== 'SELECT') throw new QueryFileError(`${file}: not a SELECT query`);
      templates.set(name, parsed);
    }
    return new QueryCatalog(templates);
  }

  template(name: (typeof QUERY_NAMES)[number]): SelectQuery {
    return this.templates.get(name) as SelectQuery;
  }

  /** A query only some dialects have. */
  optional(name: (typeof OPTIONAL_QUERY_NAMES)[number]): SelectQuery | undefined {
    return this.templates.get(name);
  }
}
