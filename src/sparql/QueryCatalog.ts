import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sparqljs, { type ConstructQuery, type SelectQuery } from 'sparqljs';
import { withoutBranches } from './withoutBranches.js';

/** The queries the service runs, each a file `<name>.rq`. */
export const QUERY_NAMES = [
  'concepts',
  'conceptSample',
  'conceptFields',
  'search',
  'suggest',
  'labels',
  'labelledTypes',
  'conceptGraphs',
  'ping',
  'xlLabels',
  'languages',
  'speaks',
  'notations',
  'narrower',
  'broaderConcepts',
  'topConcepts',
  'implicitTop',
  'schemeList',
  'schemeConcepts',
  'schemeLanguages',
  'schemeTops',
  'statements',
  'factsOf',
  'incoming',
  'labelMaps',
  'changes',
  'labelStatistics',
  'vocabularyStatistics',
  'dataDump',
  'soleScheme',
] as const;
/** The label index's reads: CONSTRUCT queries of one pattern each (see readTriples.rq). */
export const READ_QUERY_NAMES = ['readTriples', 'readTyped', 'readXlLabels'] as const;
export type ReadQueryName = (typeof READ_QUERY_NAMES)[number];
/** Queries that only some dialects have (the generic one has none of them). */
export const OPTIONAL_QUERY_NAMES = ['accentedLabels'] as const;
export type QueryName = (typeof QUERY_NAMES)[number] | (typeof OPTIONAL_QUERY_NAMES)[number];

/** A query file that is missing, does not parse, or is not a SELECT query. Stops the start. */
export class QueryFileError extends Error {
  override name = 'QueryFileError';
}

/** The variable that the queries' SKOS_ENTAILMENT branches bind. */
const SKOS_LINK = 'skosLink';
/** The variable that the SKOS-XL branches of the queries bind (see `xlLabels.rq`). */
const XL_LABEL = 'xlLabel';

/**
 * The query templates of one dialect, parsed once at start: `queries/<dialect>/<name>.rq`
 * where that file exists, else `queries/generic/<name>.rq`. A store-specific dialect thus
 * overrides any single query and inherits the rest.
 *
 * A catalogue never changes: `withXlBranches(false)` is another catalogue, of the same
 * templates without their SKOS-XL branches (the UNION alternatives that bind `?xlLabel`),
 * for a store that holds no SKOS-XL label at all (`probeXlLabels`).
 */
export class QueryCatalog {
  private constructor(
    private readonly templates: ReadonlyMap<QueryName, SelectQuery>,
    private readonly reads: ReadonlyMap<ReadQueryName, ConstructQuery>,
    /** The same templates, with their SKOS-XL branches (the first catalogue's) and without. */
    private readonly both: { with: ReadonlyMap<QueryName, SelectQuery>; without: ReadonlyMap<QueryName, SelectQuery> },
    /** Whether the templates handed out keep their SKOS-XL branches (a loaded catalogue's do). */
    readonly xlBranches: boolean,
  ) {}

  /** This catalogue with its templates' SKOS-XL branches kept or left out; this one itself when it already is so. */
  withXlBranches(keep: boolean): QueryCatalog {
    return keep === this.xlBranches ? this : new QueryCatalog(keep ? this.both.with : this.both.without, this.reads, this.both, keep);
  }

  /**
   * Without `skosEntailment` (SKOS_ENTAILMENT=off, the default) the branches that take a
   * resource linked by a SKOS relation for a concept (the UNION alternatives that bind
   * `?skosLink`) are left out.
   * @throws QueryFileError naming the file.
   */
  static load(dialect: string, directory: string, skosEntailment = false): QueryCatalog {
    const templates = new Map<QueryName, SelectQuery>();
    const reads = new Map<ReadQueryName, ConstructQuery>();
    for (const name of [...QUERY_NAMES, ...OPTIONAL_QUERY_NAMES, ...READ_QUERY_NAMES]) {
      const own = join(directory, dialect, `${name}.rq`);
      const file = existsSync(own) ? own : join(directory, 'generic', `${name}.rq`);
      if (!existsSync(file) && (OPTIONAL_QUERY_NAMES as readonly string[]).includes(name)) continue;
      let parsed;
      try {
        parsed = new sparqljs.Parser().parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new QueryFileError(`${file}: ${(error as Error).message.split('\n')[0]}`);
      }
      if ((READ_QUERY_NAMES as readonly string[]).includes(name)) {
        if (parsed.type !== 'query' || parsed.queryType !== 'CONSTRUCT') throw new QueryFileError(`${file}: not a CONSTRUCT query`);
        reads.set(name as ReadQueryName, parsed);
        continue;
      }
      if (parsed.type !== 'query' || parsed.queryType !== 'SELECT') throw new QueryFileError(`${file}: not a SELECT query`);
      templates.set(name as QueryName, skosEntailment ? parsed : withoutBranches(parsed, SKOS_LINK));
    }
    const without = new Map([...templates].map(([name, query]) => [name, withoutBranches(query, XL_LABEL)]));
    return new QueryCatalog(templates, reads, { with: templates, without }, true);
  }

  template(name: (typeof QUERY_NAMES)[number]): SelectQuery {
    return this.templates.get(name) as SelectQuery;
  }

  /** One of the label index's reads (a CONSTRUCT query). */
  read(name: ReadQueryName): ConstructQuery {
    return this.reads.get(name) as ConstructQuery;
  }

  /** A query only some dialects have. */
  optional(name: (typeof OPTIONAL_QUERY_NAMES)[number]): SelectQuery | undefined {
    return this.templates.get(name);
  }
}
