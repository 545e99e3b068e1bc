import { OWL, RDFS, SKOS } from './domain/namespaces.js';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isIri } from './domain/iri.js';
import { isLangTag } from './domain/langTag.js';
import { API_COMPATS, ConfigError, type ApiCompat, type Config } from './Config.js';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './log.js';
import { DATA_FORMATS } from './store/loadRdfFile.js';
import { SETTINGS, SETTING_NAMES, settingNamed, wrapped } from './settings.js';

/** Where the project's own files are: `src/` and `dist/` both sit one level below it. */
export const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const QUERIES_DIR = `${PROJECT_ROOT}queries`;
export const SAMPLE_DATA_FILE = `${PROJECT_ROOT}data/sample-vocabulary.ttl`;

/**
 * Prefixes accepted in CONCEPT_TYPES (`skos:Concept`, `schema:DefinedTerm`): those of the
 * vocabularies whose classes people give there. A `prefix:Local` whose prefix is none of
 * these nor a URI scheme (IRI_SCHEMES) is refused, naming the known ones.
 */
const PREFIXES: Readonly<Record<string, string>> = {
  skos: SKOS,
  skosxl: 'http://www.w3.org/2008/05/skos-xl#',
  rdfs: RDFS,
  owl: OWL,
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  schema: 'http://schema.org/',
  dcterms: 'http://purl.org/dc/terms/',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  madsrdf: 'http://www.loc.gov/mads/rdf/v1#',
  gndo: 'https://d-nb.info/standards/elementset/gnd#',
  isothes: 'http://purl.org/iso25964/skos-thes#',
  gvp: 'http://vocab.getty.edu/ontology#',
  wd: 'http://www.wikidata.org/entity/',
};

/** URI schemes a full IRI in CONCEPT_TYPES starts with: anything else before a colon is taken for a prefix. */
const IRI_SCHEMES = new Set(['http', 'https', 'urn', 'tag', 'info', 'ftp', 'file', 'did', 'ark']);

/**
 * What is wrong with the names of the settings given: a variable of `env` that is no setting
 * but a few letters off one (`DATA_FILE`, `LOG_LEVL`, `SPARQL_ENDPIONT`), named with the
 * setting meant; and every key of `.env` (`dotenv`) that is no setting.
 *
 * A look-alike of a setting that is not set itself stops the start (`refuse`), and one in
 * `.env` whether the setting is set or not (a typo there is nothing else's): the service
 * would otherwise run on the default the operator meant to change, the sample vocabulary
 * instead of theirs, with no word. The rest are warnings: the environment holds other
 * programs' variables too, and `.env` may hold docker compose's (`VOCABULARY`).
 */
export function settingMistakes(
  env: NodeJS.ProcessEnv,
  dotenv: readonly string[] = [],
  /** The line of `.env` each of its keys is on. */
  lines: ReadonlyMap<string, number> = new Map(),
): { refuse: string[]; warn: string[] } {
  const refuse: string[] = [];
  const warn: string[] = [];
  const given = (name: string): boolean => (env[name]?.trim() ?? '') !== '';
  const fromDotenv = new Set(dotenv);
  for (const name of new Set([...Object.keys(env), ...dotenv])) {
    if (SETTING_NAMES.includes(name) || (!fromDotenv.has(name) && !given(name))) continue;
    const meant = lookAlike(name);
    const line = lines.get(name);
    const where = fromDotenv.has(name) ? (line === undefined ? ' (in .env)' : ` (line ${line} of .env)`) : '';
    // in .env a look-alike is a typo, whatever else is set: a copy of .env.example may set the setting meant
    if (meant !== undefined && (!given(meant) || fromDotenv.has(name)))
      refuse.push(`${name}${where} is not a setting; did you mean ${meant}?`);
    else if (meant !== undefined) warn.push(`${name}${where} is not a setting (${meant} is, and is set); it is ignored`);
    else if (fromDotenv.has(name)) warn.push(`${name}${where} is not a setting of this service; it is ignored`);
  }
  return { refuse, warn };
}

/** The setting a name is a few letters off: one for names up to 6 letters, two up to 11, three beyond (`CACHE_MAX_ENTRY`). */
function lookAlike(name: string): string | undefined {
  const upper = name.toUpperCase();
  let best: { name: string; distance: number } | undefined;
  for (const setting of SETTING_NAMES) {
    const allowed = setting.length <= 6 ? 1 : setting.length <= 11 ? 2 : 3;
    const distance = editDistance(upper, setting);
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { name: setting, distance };
  }
  return best?.name;
}

/**
 * Settings given that have no effect in the mode the others choose, each with why: the start
 * warns of them rather than run as if they were heeded.
 */
export function ignoredSettings(env: NodeJS.ProcessEnv): string[] {
  const given = (name: string): boolean => (env[name]?.trim() ?? '') !== '';
  const ignored: string[] = [];
  if (given('SPARQL_ENDPOINT'))
    for (const name of ['DATA_FILES', 'DATA_FORMAT'])
      if (given(name))
        ignored.push(
          `${name} is ignored: SPARQL_ENDPOINT is set, so the vocabulary is the store's, not read from files; unset one of them`,
        );
  if (!given('SPARQL_ENDPOINT'))
    for (const name of ['SPARQL_USER', 'SPARQL_PASSWORD', 'SPARQL_DIALECT'])
      if (given(name))
        ignored.push(`${name} is ignored: SPARQL_ENDPOINT is not set, so the vocabulary is read from DATA_FILES into the embedded store`);
  if (env.LABEL_INDEX?.trim() === 'off')
    for (const name of [
      'INDEX_SNAPSHOT',
      'INDEX_WORKERS',
      'LABEL_INDEX_REFRESH_SECONDS',
      'LABEL_INDEX_READ_SECONDS',
      'LABEL_INDEX_READ_PARALLEL',
    ])
      if (given(name)) ignored.push(`${name} is ignored: LABEL_INDEX=off, so no label index is built`);
  return ignored;
}

/** Damerau-Levenshtein distance (optimal string alignment): an insertion, deletion, change or swap of neighbours is 1. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** The settings as `--help` lists them: each name with its default, its range and what it does (SETTING_GROUPS). */
export function settingsHelp(): string {
  let said = '';
  return SETTINGS.flatMap(({ name, fallback, range, about }) => {
    const facts = [
      fallback === '' ? '' : `default ${fallback}`,
      range === undefined ? '' : `${range[0].toLocaleString('en')} to ${range[1].toLocaleString('en')}`,
    ].filter(Boolean);
    const lines = [
      `  ${name}${facts.length === 0 ? '' : ` (${facts.join('; ')})`}`,
      ...wrapped(about === '' ? `(as ${said})` : about, 86, '      '),
    ];
    if (about !== '') said = name;
    return lines;
  }).join('\n');
}

/**
 * The settings given that differ from their declared defaults, as `NAME=value` (the
 * password only as set): what the start's log line says was changed.
 */
export function settingsGiven(env: NodeJS.ProcessEnv): string[] {
  return SETTINGS.flatMap(({ name, fallback }) => {
    const value = env[name]?.trim();
    if (value === undefined || value === '' || value === fallback) return [];
    return [name === 'SPARQL_PASSWORD' ? 'SPARQL_PASSWORD (set)' : `${name}=${value}`];
  });
}

/** INDEX_WORKERS' default: a thread a core but one, at least 1 and at most 16. */
export function defaultIndexWorkers(): number {
  return Math.max(1, Math.min(availableParallelism() - 1, 16));
}

/**
 * Reads the configuration from `env`. An empty value counts as unset, so that a `.env`
 * copied from `.env.example` with blanks gives the defaults.
 * @throws ConfigError naming the first malformed variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  /** The value given, else the declared default; undefined where neither is. */
  const read = (name: string): string | undefined => {
    const { fallback } = settingNamed(name);
    const value = env[name]?.trim() || fallback;
    return value === '' ? undefined : value;
  };
  /** The value of a setting declared with a default. */
  const valueOf = (name: string): string => read(name) ?? slip(`${name} is read as having a default but declared without one`);
  const fail = (name: string, why: string): never => {
    throw new ConfigError(`${name}: ${why}`);
  };
  /** An integer setting within its declared range; `computed` where it is unset and declared without a default. */
  const integer = (name: string, computed?: number): number => {
    const [min, max] = settingNamed(name).range ?? slip(`${name} is read as an integer but declared without a range`);
    const value = read(name);
    if (value === undefined) return computed ?? slip(`${name} is read without a default it could have`);
    const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    return Number.isInteger(n) && n >= min && n <= max
      ? n
      : fail(name, `must be an integer from ${min} to ${max}, not ${JSON.stringify(value)}`);
  };
  const iri = (name: string, value: string): string =>
    isIri(value) ? value : fail(name, `${JSON.stringify(value)} is not an absolute IRI`);
  const list = (name: string): string[] | undefined => {
    const value = read(name);
    if (value === undefined) return undefined;
    const items = value.split(',').map((item) => item.trim());
    return items.includes('') ? fail(name, 'has an empty item in its comma-separated list') : items;
  };

  const endpoint = read('SPARQL_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^\s]+$/.test(endpoint)) fail('SPARQL_ENDPOINT', 'must be an http:// or https:// URL');
  if (endpoint !== undefined && !URL.canParse(endpoint)) fail('SPARQL_ENDPOINT', 'is not a valid URL');
  // fetch refuses such URLs, and a password in a URL ends up in too many places
  if (endpoint !== undefined && /^https?:\/\/[^/?#]*@/.test(endpoint))
    fail('SPARQL_ENDPOINT', 'must not hold a user or password: set SPARQL_USER and SPARQL_PASSWORD');
  const user = read('SPARQL_USER');
  const password = read('SPARQL_PASSWORD');
  if ((user === undefined) !== (password === undefined))
    fail(user === undefined ? 'SPARQL_USER' : 'SPARQL_PASSWORD', 'must be set together with the other of SPARQL_USER and SPARQL_PASSWORD');

  const dialect = valueOf('SPARQL_DIALECT');
  const dialects = availableDialects();
  if (!dialects.includes(dialect)) fail('SPARQL_DIALECT', `must be one of ${dialects.join(', ')}, not ${JSON.stringify(dialect)}`);

  const graphs = (list('SPARQL_GRAPH') ?? []).map((graph) => iri('SPARQL_GRAPH', graph));
  if (new Set(graphs).size < graphs.length) fail('SPARQL_GRAPH', 'names a graph twice');
  const defaultLang = valueOf('DEFAULT_LANG');
  if (!isLangTag(defaultLang)) fail('DEFAULT_LANG', `${JSON.stringify(defaultLang)} is not a language tag such as en or pt-BR`);

  const conceptTypes = (list('CONCEPT_TYPES') ?? []).map((type) => {
    const [prefix, local] = [type.slice(0, type.indexOf(':')), type.slice(type.indexOf(':') + 1)];
    const namespace = PREFIXES[prefix.toLowerCase()];
    if (namespace !== undefined) return iri('CONCEPT_TYPES', namespace + local);
    if (type.includes(':') && !IRI_SCHEMES.has(prefix.toLowerCase()) && !local.startsWith('//'))
      fail(
        'CONCEPT_TYPES',
        `${JSON.stringify(type)}: the prefix ${prefix}: is not known; write the class's full IRI, or use one of ${Object.keys(PREFIXES)
          .map((known) => `${known}:`)
          .join(', ')}`,
      );
    return iri('CONCEPT_TYPES', type);
  });

  const basePath = (read('BASE_PATH') ?? '').replace(/\/+$/, '');
  if (basePath !== '' && !/^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/.test(basePath))
    fail('BASE_PATH', `must be a path such as /vocab, not ${JSON.stringify(basePath)}`);

  const onOff = (name: string): boolean => {
    const value = valueOf(name);
    return value === 'on' ? true : value === 'off' ? false : fail(name, `must be on or off, not ${JSON.stringify(value)}`);
  };

  const logLevel = valueOf('LOG_LEVEL');
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) fail('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);

  const logFormat = valueOf('LOG_FORMAT');
  if (!(LOG_FORMATS as readonly string[]).includes(logFormat)) fail('LOG_FORMAT', `must be one of ${LOG_FORMATS.join(', ')}`);

  const apiCompat = read('API_COMPAT');
  if (apiCompat !== undefined && !(API_COMPATS as readonly string[]).includes(apiCompat))
    fail('API_COMPAT', `must be one of ${API_COMPATS.join(', ')}, or unset`);

  return Object.freeze({
    port: integer('PORT'),
    host: valueOf('HOST'),
    probePort: read('PROBE_PORT') === undefined ? undefined : integer('PROBE_PORT'),
    sparqlEndpoint: endpoint,
    sparqlUser: user,
    sparqlPassword: password,
    sparqlDialect: dialect,
    sparqlGraphs: Object.freeze(graphs),
    sparqlTimeoutMs: integer('SPARQL_TIMEOUT_MS'),
    sparqlMaxConcurrency: integer('SPARQL_MAX_CONCURRENCY'),
    sparqlQueueLimit: integer('SPARQL_QUEUE_LIMIT'),
    dataFiles: Object.freeze(list('DATA_FILES') ?? [SAMPLE_DATA_FILE]),
    dataFormat: ((format) =>
      format === undefined
        ? undefined
        : (DATA_FORMATS[format] ??
          fail('DATA_FORMAT', `must be one of ${Object.keys(DATA_FORMATS).join(', ')}, not ${JSON.stringify(format)}`)))(
      read('DATA_FORMAT'),
    ),
    defaultLang: defaultLang.toLowerCase(),
    conceptTypes: Object.freeze(conceptTypes),
    cacheMaxEntries: integer('CACHE_MAX_ENTRIES'),
    cacheMaxBytes: integer('CACHE_MAX_MB') * 2 ** 20,
    shutdownGraceSeconds: integer('SHUTDOWN_GRACE_SECONDS'),
    maxConnections: integer('MAX_CONNECTIONS'),
    cacheTtlSeconds: integer('CACHE_TTL_SECONDS'),
    httpMaxAge: integer('HTTP_MAX_AGE'),
    labelIndex: onOff('LABEL_INDEX'),
    labelIndexRefreshSeconds: integer('LABEL_INDEX_REFRESH_SECONDS'),
    labelIndexReadSeconds: integer('LABEL_INDEX_READ_SECONDS'),
    labelIndexReadParallel: integer('LABEL_INDEX_READ_PARALLEL'),
    // one thread a core but one, which stays with the thread that answers HTTP (and the embedded
    // store's): on 2 cores, a second pool thread raised the answers a second of costly /search
    // 1.6x but doubled a typist's p95 beside a neighbour's heavy requests (BENCHMARKS.md)
    indexWorkers: integer('INDEX_WORKERS', defaultIndexWorkers()),
    skosEntailment: onOff('SKOS_ENTAILMENT'),
    indexSnapshot: snapshotPath(read('INDEX_SNAPSHOT'), fail),
    conceptWeights: ((file) =>
      file === undefined || existsSync(file) ? file : fail('CONCEPT_WEIGHTS', `there is no file ${JSON.stringify(file)}`))(
      read('CONCEPT_WEIGHTS'),
    ),
    basePath,
    logLevel: logLevel as LogLevel,
    logFormat: logFormat as LogFormat,
    metrics: onOff('METRICS'),
    apiCompat: apiCompat as ApiCompat | undefined,
    reconcileName: valueOf('RECONCILE_NAME'),
    vocabularyIds: vocabularyIds(list('VOCABULARY_IDS') ?? [], iri, fail),
    publicUrl: ((url) =>
      url === undefined || /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(url)
        ? url?.replace(/\/+$/, '')
        : fail('PUBLIC_URL', `${JSON.stringify(url)} is not an http(s) URL without query or fragment`))(read('PUBLIC_URL')),
    trustProxy: proxyHops(valueOf('TRUST_PROXY'), fail),
  });
}

/** A slip in the code (a setting read otherwise than it is declared), not in the input. */
function slip(message: string): never {
  throw new Error(message);
}

/** TRUST_PROXY: off (0), on (1), or a number of proxies from 1 to 16. */
function proxyHops(value: string, fail: (name: string, message: string) => never): number {
  if (value === 'off') return 0;
  if (value === 'on') return 1;
  const hops = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  return hops >= 1 && hops <= 16
    ? hops
    : fail('TRUST_PROXY', `must be on, off or a number of proxies from 1 to 16, not ${JSON.stringify(value)}`);
}

/**
 * INDEX_SNAPSHOT: a regular file, or none yet in a folder that exists. A FIFO would hold the
 * start's read open for ever, a directory would be written beside for nothing on every build,
 * a device read whole: each is refused at start, naming what it is.
 */
function snapshotPath(path: string | undefined, fail: (name: string, message: string) => never): string | undefined {
  if (path === undefined) return undefined;
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) {
    const folder = statSync(dirname(resolve(path)), { throwIfNoEntry: false });
    if (folder?.isDirectory() !== true)
      fail('INDEX_SNAPSHOT', `${JSON.stringify(path)}: its folder ${dirname(resolve(path))} does not exist`);
    return path;
  }
  if (stat.isFile()) return path;
  const kind = stat.isDirectory()
    ? 'a directory'
    : stat.isFIFO()
      ? 'a FIFO'
      : stat.isSocket()
        ? 'a socket'
        : stat.isCharacterDevice() || stat.isBlockDevice()
          ? 'a device'
          : 'not a regular file';
  return fail('INDEX_SNAPSHOT', `${JSON.stringify(path)} is ${kind}; it must name a regular file (or one to be made)`);
}

/** The dialects are the folders under `queries/`. */
export function availableDialects(): string[] {
  if (!existsSync(QUERIES_DIR)) return ['generic'];
  return readdirSync(QUERIES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** What must never appear in logs, errors or metrics: the store password, and the Basic token made from it. */
export function secretsOf(config: Config): string[] {
  if (config.sparqlPassword === undefined) return [];
  return [config.sparqlPassword, Buffer.from(`${config.sparqlUser ?? ''}:${config.sparqlPassword}`).toString('base64')];
}

/**
 * VOCABULARY_IDS: `id=scheme IRI` items, each id a short name of letters, digits, `-` and `_`
 * (the `{vocid}` of the Skosmos REST API); neither an id nor a scheme twice. Scheme IRI → id.
 */
function vocabularyIds(
  items: readonly string[],
  iri: (name: string, value: string) => string,
  fail: (name: string, message: string) => never,
): ReadonlyMap<string, string> {
  const ids = new Map<string, string>();
  for (const item of items) {
    const equals = item.indexOf('=');
    const id = item.slice(0, equals).trim();
    if (equals === -1 || !/^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u.test(id))
      fail('VOCABULARY_IDS', `${JSON.stringify(item)} is not id=scheme IRI with an id of letters, digits, - and _ (stw=http://zbw.eu/stw)`);
    const scheme = iri('VOCABULARY_IDS', item.slice(equals + 1).trim());
    if (ids.has(scheme)) fail('VOCABULARY_IDS', `names the scheme ${scheme} twice`);
    if ([...ids.values()].includes(id)) fail('VOCABULARY_IDS', `gives the id ${id} twice`);
    ids.set(scheme, id);
  }
  return ids;
}
