import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA_FORMATS } from './dataFormats.js';
import { isIri } from './domain/iri.js';
import { MATCH_RULES } from './domain/matchRules.js';
import { isLangTag } from './domain/langTag.js';
import { OWL, RDFS, SKOS } from './domain/namespaces.js';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from './log.js';
import type { SettingName, Setting } from './settings.js';

/**
 * How each setting of the table (settings.ts) is read: one reader a setting, from the value
 * given (trimmed; else the declared default; undefined where neither), to the typed value the
 * rest of the code receives. The configuration's type (Config.ts) is made from these readers
 * and the table's fields, so a setting is declared in the table and read here, nowhere else.
 */

/** Where the project's own files are: `src/` and `dist/` both sit one level below it. */
export const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
export const QUERIES_DIR = `${PROJECT_ROOT}queries`;
export const SAMPLE_DATA_FILE = `${PROJECT_ROOT}data/sample-vocabulary.ttl`;

/** A malformed setting; the message names the variable. The process exits with status 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The clients whose ways the service can answer in (`API_COMPAT`). */
export const API_COMPATS = ['skos-suggester'] as const;
export type ApiCompat = (typeof API_COMPATS)[number];

/** A setting's reader: its value as given (or its default), and its declaration. */
type Reader<T> = (value: string | undefined, setting: Setting) => T;

function fail(setting: Setting, why: string): never {
  throw new ConfigError(`${setting.name}: ${why}`);
}

/** A slip in the code (a setting read otherwise than it is declared), not in the input. */
function slip(message: string): never {
  throw new Error(message);
}

/** An integer within the declared range; `computed` where unset and declared without a default. */
function integer(computed?: () => number): Reader<number> {
  return (value, setting) => {
    const [min, max] = setting.range ?? slip(`${setting.name} is read as an integer but declared without a range`);
    if (value === undefined) return computed?.() ?? slip(`${setting.name} is read without a default it could have`);
    const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    return Number.isInteger(n) && n >= min && n <= max
      ? n
      : fail(setting, `must be an integer from ${min} to ${max}, not ${JSON.stringify(value)}`);
  };
}

/** An integer, or undefined where unset. */
const optionalInteger: Reader<number | undefined> = (value, setting) => (value === undefined ? undefined : integer()(value, setting));

/** The value of a setting declared with a default. */
const text: Reader<string> = (value, setting) => value ?? slip(`${setting.name} is read as having a default but declared without one`);

const optionalText: Reader<string | undefined> = (value) => value;

const onOff: Reader<boolean> = (value, setting) =>
  value === 'on' ? true : value === 'off' ? false : fail(setting, `must be on or off, not ${JSON.stringify(value)}`);

/** One of `choices`, or unset where `optional`. */
function oneOf<T extends string>(choices: readonly T[], optional: true): Reader<T | undefined>;
function oneOf<T extends string>(choices: readonly T[]): Reader<T>;
function oneOf<T extends string>(choices: readonly T[], optional = false): Reader<T | undefined> {
  return (value, setting) => {
    if (value === undefined && optional) return undefined;
    return (choices as readonly string[]).includes(value as string)
      ? (value as T)
      : fail(setting, `must be one of ${choices.join(', ')}${optional ? ', or unset' : `, not ${JSON.stringify(value)}`}`);
  };
}

/** A comma-separated list, no item empty; [] where unset. */
function list(value: string | undefined, setting: Setting): string[] {
  if (value === undefined) return [];
  const items = value.split(',').map((item) => item.trim());
  return items.includes('') ? fail(setting, 'has an empty item in its comma-separated list') : items;
}

const iri = (value: string, setting: Setting): string =>
  isIri(value) ? value : fail(setting, `${JSON.stringify(value)} is not an absolute IRI`);

const endpoint: Reader<string | undefined> = (value, setting) => {
  if (value === undefined) return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(value)) fail(setting, 'must be an http:// or https:// URL');
  if (!URL.canParse(value)) fail(setting, 'is not a valid URL');
  // fetch refuses such URLs, and a password in a URL ends up in too many places
  if (/^https?:\/\/[^/?#]*@/.test(value)) fail(setting, 'must not hold a user or password: set SPARQL_USER and SPARQL_PASSWORD');
  return value;
};

/** The dialects are the folders under `queries/`. */
export function availableDialects(): string[] {
  if (!existsSync(QUERIES_DIR)) return ['generic'];
  return readdirSync(QUERIES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const dialect: Reader<string> = (value, setting) => oneOf(availableDialects())(value, setting);

const graphs: Reader<readonly string[]> = (value, setting) => {
  const named = list(value, setting).map((graph) => iri(graph, setting));
  if (new Set(named).size < named.length) fail(setting, 'names a graph twice');
  return Object.freeze(named);
};

const dataFormat: Reader<string | undefined> = (value, setting) =>
  value === undefined
    ? undefined
    : (DATA_FORMATS[value] ?? fail(setting, `must be one of ${Object.keys(DATA_FORMATS).join(', ')}, not ${JSON.stringify(value)}`));

/** Lower case. */
const language: Reader<string> = (value, setting) =>
  isLangTag(text(value, setting))
    ? (value as string).toLowerCase()
    : fail(setting, `${JSON.stringify(value)} is not a language tag such as en or pt-BR`);

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

const conceptTypes: Reader<readonly string[]> = (value, setting) =>
  Object.freeze(
    list(value, setting).map((type) => {
      const [prefix, local] = [type.slice(0, type.indexOf(':')), type.slice(type.indexOf(':') + 1)];
      const namespace = PREFIXES[prefix.toLowerCase()];
      if (namespace !== undefined) return iri(namespace + local, setting);
      if (type.includes(':') && !IRI_SCHEMES.has(prefix.toLowerCase()) && !local.startsWith('//'))
        fail(
          setting,
          `${JSON.stringify(type)}: the prefix ${prefix}: is not known; write the class's full IRI, or use one of ${Object.keys(PREFIXES)
            .map((known) => `${known}:`)
            .join(', ')}`,
        );
      return iri(type, setting);
    }),
  );

const existingFile: Reader<string | undefined> = (value, setting) =>
  value === undefined || existsSync(value) ? value : fail(setting, `there is no file ${JSON.stringify(value)}`);

/**
 * INDEX_SNAPSHOT: a regular file, or none yet in a folder that exists. A FIFO would hold the
 * start's read open for ever, a directory would be written beside for nothing on every build,
 * a device read whole: each is refused at start, naming what it is.
 */
const snapshotPath: Reader<string | undefined> = (path, setting) => {
  if (path === undefined) return undefined;
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) {
    const folder = statSync(dirname(resolve(path)), { throwIfNoEntry: false });
    if (folder?.isDirectory() !== true) fail(setting, `${JSON.stringify(path)}: its folder ${dirname(resolve(path))} does not exist`);
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
  return fail(setting, `${JSON.stringify(path)} is ${kind}; it must name a regular file (or one to be made)`);
};

/** Empty, or a path starting with `/` and not ending with one. */
const basePath: Reader<string> = (value, setting) => {
  const path = (value ?? '').replace(/\/+$/, '');
  return path === '' || /^(\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/.test(path)
    ? path
    : fail(setting, `must be a path such as /vocab, not ${JSON.stringify(path)}`);
};

/**
 * VOCABULARY_IDS: `id=scheme IRI` items, each id a short name of letters, digits, `-` and `_`
 * (the `{vocid}` of the Skosmos REST API); neither an id nor a scheme twice. Scheme IRI → id.
 */
const vocabularyIds: Reader<ReadonlyMap<string, string>> = (value, setting) => {
  const ids = new Map<string, string>();
  for (const item of list(value, setting)) {
    const equals = item.indexOf('=');
    const id = item.slice(0, equals).trim();
    if (equals === -1 || !/^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u.test(id))
      fail(setting, `${JSON.stringify(item)} is not id=scheme IRI with an id of letters, digits, - and _ (stw=http://zbw.eu/stw)`);
    const scheme = iri(item.slice(equals + 1).trim(), setting);
    if (ids.has(scheme)) fail(setting, `names the scheme ${scheme} twice`);
    if ([...ids.values()].includes(id)) fail(setting, `gives the id ${id} twice`);
    ids.set(scheme, id);
  }
  return ids;
};

/** VOCABULARY_DUMPS: `id=URL` items, each URL http(s); an id once. Vocabulary id → URL. */
const vocabularyDumps: Reader<ReadonlyMap<string, string>> = (value, setting) => {
  const dumps = new Map<string, string>();
  for (const item of list(value, setting)) {
    const equals = item.indexOf('=');
    const id = item.slice(0, equals).trim();
    const url = item.slice(equals + 1).trim();
    if (equals === -1 || id === '' || !/^https?:\/\/[^\s]+$/.test(url) || !URL.canParse(url))
      fail(setting, `${JSON.stringify(item)} is not id=URL with an http(s) URL (stw=https://example.org/stw.rdf)`);
    if (dumps.has(id)) fail(setting, `names the vocabulary ${id} twice`);
    dumps.set(id, url);
  }
  return dumps;
};

const publicUrl: Reader<string | undefined> = (url, setting) =>
  url === undefined || /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(url)
    ? url?.replace(/\/+$/, '')
    : fail(setting, `${JSON.stringify(url)} is not an http(s) URL without query or fragment`);

/** TRUST_PROXY: off (0), on (1), or a number of proxies from 1 to 16. */
const proxyHops: Reader<number> = (value, setting) => {
  if (value === 'off') return 0;
  if (value === 'on') return 1;
  const hops = /^\d{1,2}$/.test(value ?? '') ? Number(value) : NaN;
  return hops >= 1 && hops <= 16
    ? hops
    : fail(setting, `must be on, off or a number of proxies from 1 to 16, not ${JSON.stringify(value)}`);
};

/** INDEX_WORKERS' default: a thread a core but one, at least 1 and at most 16. */
export function defaultIndexWorkers(): number {
  return Math.max(1, Math.min(availableParallelism() - 1, 16));
}

/** Each setting's reader, by name: the one place a setting's value is made. */
export const SETTING_READERS = {
  PORT: integer(),
  HOST: text,
  PROBE_PORT: optionalInteger,
  SPARQL_ENDPOINT: endpoint,
  SPARQL_USER: optionalText,
  SPARQL_PASSWORD: optionalText,
  SPARQL_DIALECT: dialect,
  SPARQL_GRAPH: graphs,
  SPARQL_TIMEOUT_MS: integer(),
  SPARQL_MAX_CONCURRENCY: integer(),
  SPARQL_QUEUE_LIMIT: integer(),
  DATA_FILES: (value, setting) => Object.freeze(value === undefined ? [SAMPLE_DATA_FILE] : list(value, setting)),
  DATA_FORMAT: dataFormat,
  DEFAULT_LANG: language,
  CONCEPT_TYPES: conceptTypes,
  CONCEPT_WEIGHTS: existingFile,
  CACHE_MAX_ENTRIES: integer(),
  /** In bytes. */
  CACHE_MAX_MB: (value, setting) => integer()(value, setting) * 2 ** 20,
  CACHE_TTL_SECONDS: integer(),
  HTTP_MAX_AGE: integer(),
  LABEL_INDEX: onOff,
  LABEL_INDEX_REFRESH_SECONDS: integer(),
  LABEL_INDEX_READ_SECONDS: integer(),
  LABEL_INDEX_READ_PARALLEL: integer(),
  // one thread a core but one, which stays with the thread that answers HTTP (and the embedded
  // store's): on 2 cores, a second pool thread raised the answers a second of costly /search
  // 1.6x but doubled a typist's p95 beside a neighbour's heavy requests (BENCHMARKS.md)
  INDEX_WORKERS: integer(defaultIndexWorkers),
  INDEX_SNAPSHOT: snapshotPath,
  SKOS_ENTAILMENT: onOff,
  BASE_PATH: basePath,
  API_COMPAT: oneOf(API_COMPATS, true),
  RECONCILE_NAME: text,
  RECONCILE_MATCH: oneOf(MATCH_RULES),
  VOCABULARY_IDS: vocabularyIds,
  VOCABULARY_DUMPS: vocabularyDumps,
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: proxyHops,
  LOG_LEVEL: oneOf<LogLevel>(LOG_LEVELS),
  LOG_FORMAT: oneOf<LogFormat>(LOG_FORMATS),
  METRICS: onOff,
  SHUTDOWN_GRACE_SECONDS: integer(),
  MAX_CONNECTIONS: integer(),
} satisfies { readonly [Name in SettingName]: Reader<unknown> };
