/**
 * Every setting of the service, declared once: its name, its default as an operator writes
 * it, the range of an integer, and what it does. `loadConfig` reads its defaults and ranges
 * from here, `--help` and the start's "settings changed" line list from here, and
 * `scripts/settings-files.mjs` writes `.env.example` and `docs/configuration.md` from here
 * (`npm run lint` checks that both are what it would write).
 *
 * This file imports nothing, so that the scripts can read it without a build.
 */
export interface Setting {
  readonly name: string;
  /** The field of the typed configuration (Config.ts) it is read into, by its reader (settingReaders.ts). */
  readonly field: string;
  /**
   * The mode it has effect in: with a SPARQL endpoint (`store`), on data files (`files`), with
   * the label index (`index`); unset: every mode. Given where it has none, the start says so.
   */
  readonly appliesTo?: 'store' | 'files' | 'index';
  /** Another value builds another label index: it is part of a snapshot's fingerprint (one built otherwise is not used). */
  readonly shapesIndex?: true;
  /** The default as written in `.env` ('' = unset: `about` says what then applies). */
  readonly fallback: string;
  /** An integer setting's least and greatest value, both allowed. */
  readonly range?: readonly [number, number];
  /** What it does; '' where the setting before it speaks for it too. */
  readonly about: string;
}

/** The settings in groups of related ones, in the order `.env.example` and the reference show them. */
export const SETTING_GROUPS = [
  [
    {
      name: 'PORT',
      field: 'port',
      fallback: '3000',
      range: [0, 65_535],
      about: 'Where to listen.',
    },
    {
      name: 'HOST',
      field: 'host',
      fallback: '127.0.0.1',
      about: '',
    },
    {
      name: 'PROBE_PORT',
      field: 'probePort',
      fallback: '',
      range: [0, 65_535],
      about:
        "A second port, on HOST, that answers /health and /ready alone (anything else: 404). Probes there never wait behind the clients' connections: the process takes in one new connection a turn, so a crowd of new connections on PORT holds a probe's behind it. Unset: none.",
    },
  ],
  [
    {
      name: 'SPARQL_ENDPOINT',
      field: 'sparqlEndpoint',
      shapesIndex: true,
      fallback: '',
      about: 'The SPARQL 1.1 query endpoint of your triple store. Unset: the embedded store, loaded from DATA_FILES at start.',
    },
    {
      name: 'SPARQL_USER',
      field: 'sparqlUser',
      appliesTo: 'store',
      fallback: '',
      about: 'HTTP basic auth to the endpoint; both or neither.',
    },
    {
      name: 'SPARQL_PASSWORD',
      field: 'sparqlPassword',
      appliesTo: 'store',
      fallback: '',
      about: '',
    },
    {
      name: 'SPARQL_DIALECT',
      field: 'sparqlDialect',
      appliesTo: 'store',
      shapesIndex: true,
      fallback: 'generic',
      about: 'generic (any SPARQL 1.1 store), or a folder under queries/ with store-specific queries.',
    },
    {
      name: 'SPARQL_GRAPH',
      field: 'sparqlGraphs',
      shapesIndex: true,
      fallback: '',
      about:
        'Answer from these named graphs only, comma-separated (each sent as a default-graph-uri; the store answers from their merge). Unset: the default graph. With the embedded store: unset sees every graph of the files as one.',
    },
    {
      name: 'SPARQL_TIMEOUT_MS',
      field: 'sparqlTimeoutMs',
      fallback: '10000',
      range: [1, 3_600_000],
      about: 'How long one store query may take, in milliseconds, before the request gets a 504.',
    },
    {
      name: 'SPARQL_MAX_CONCURRENCY',
      field: 'sparqlMaxConcurrency',
      fallback: '16',
      range: [1, 10_000],
      about:
        'Store queries in flight at most, and waiting for a turn at most; past that a request gets a 503 at once (Retry-After: 1) instead of piling up on a store that cannot keep up.',
    },
    {
      name: 'SPARQL_QUEUE_LIMIT',
      field: 'sparqlQueueLimit',
      fallback: '256',
      range: [0, 1_000_000],
      about: '',
    },
  ],
  [
    {
      name: 'DATA_FILES',
      field: 'dataFiles',
      appliesTo: 'files',
      shapesIndex: true,
      fallback: '',
      about:
        'Comma-separated RDF files for the embedded store: .ttl .nt .nq .trig .rdf .owl .xml .n3 .jsonld .json, each optionally .gz. Default: data/sample-vocabulary.ttl.',
    },
    {
      name: 'DATA_FORMAT',
      field: 'dataFormat',
      appliesTo: 'files',
      shapesIndex: true,
      fallback: '',
      about:
        "The format of every file of DATA_FILES, whatever its extension: turtle, ntriples, nquads, trig, rdfxml, n3 or jsonld. Unset: each file's extension says.",
    },
  ],
  [
    {
      name: 'DEFAULT_LANG',
      field: 'defaultLang',
      shapesIndex: true,
      fallback: 'en',
      about: 'The label language when a request gives no lang.',
    },
    {
      name: 'CONCEPT_TYPES',
      field: 'conceptTypes',
      shapesIndex: true,
      fallback: 'skos:Concept',
      about:
        'Comma-separated classes that make a resource a concept: full IRIs, or prefixed names with skos: skosxl: rdfs: owl: rdf: schema: dcterms: dct: foaf: madsrdf: gndo: isothes: gvp: wd:',
    },
    {
      name: 'CONCEPT_WEIGHTS',
      field: 'conceptWeights',
      shapesIndex: true,
      fallback: '',
      about:
        'A file of your own counts per concept (a URI and a number a line, such as uses in your catalogue), read at start: they raise a concept within its tier. Unset: none.',
    },
  ],
  [
    {
      name: 'CACHE_MAX_ENTRIES',
      field: 'cacheMaxEntries',
      fallback: '10000',
      range: [0, 10_000_000],
      about:
        'The in-process result cache: at most this many answers, in at most this many MiB, each kept this long. 0 entries turns it off.',
    },
    {
      name: 'CACHE_MAX_MB',
      field: 'cacheMaxBytes',
      fallback: '64',
      range: [1, 1_000_000],
      about: '',
    },
    {
      name: 'CACHE_TTL_SECONDS',
      field: 'cacheTtlSeconds',
      fallback: '3600',
      range: [1, 31_536_000],
      about: '',
    },
    {
      name: 'HTTP_MAX_AGE',
      field: 'httpMaxAge',
      fallback: '3600',
      range: [0, 31_536_000],
      about: 'max-age of Cache-Control on 200 answers, in seconds.',
    },
  ],
  [
    {
      name: 'LABEL_INDEX',
      field: 'labelIndex',
      fallback: 'on',
      about:
        "on: /search and /suggest match, rank and page in an in-process index of every concept's labels, read from the store at start, every LABEL_INDEX_REFRESH_SECONDS and on SIGHUP. off: they ask the store each time (slower on large vocabularies; no memory for labels).",
    },
    {
      name: 'LABEL_INDEX_REFRESH_SECONDS',
      field: 'labelIndexRefreshSeconds',
      appliesTo: 'index',
      fallback: '3600',
      range: [1, 31_536_000],
      about: '',
    },
    {
      name: 'LABEL_INDEX_READ_SECONDS',
      field: 'labelIndexReadSeconds',
      appliesTo: 'index',
      fallback: '3600',
      range: [1, 86_400],
      about: 'The time budget of one read of every label from the store (apart from SPARQL_TIMEOUT_MS): millions of concepts take minutes.',
    },
    {
      name: 'LABEL_INDEX_READ_PARALLEL',
      field: 'labelIndexReadParallel',
      appliesTo: 'index',
      fallback: '2',
      range: [1, 16],
      about:
        'Queries of that read the store works on at once (twice as many open, where the first have begun to send): on Virtuoso two are nearly twice as fast as one.',
    },
    {
      name: 'INDEX_WORKERS',
      field: 'indexWorkers',
      appliesTo: 'index',
      fallback: '',
      range: [0, 64],
      about:
        'Worker threads that answer /search, /suggest and reconciliation over the label index, all reading one copy of it (0: on the thread that answers HTTP). Default: one a core but one (which stays with the thread that answers HTTP), at least 1.',
    },
    {
      name: 'INDEX_SNAPSHOT',
      field: 'indexSnapshot',
      appliesTo: 'index',
      fallback: '',
      about:
        'A file the built label index is written to after each build and read from at start, so that a restart (or a replica sharing the file) is ready in seconds. Unset: none.',
    },
  ],
  [
    {
      name: 'SKOS_ENTAILMENT',
      field: 'skosEntailment',
      shapesIndex: true,
      fallback: 'off',
      about:
        'on: a resource that is the subject or object of skos:broader, skos:narrower or skos:related, or skos:topConceptOf a scheme, is a concept whatever its type (the SKOS reference gives those properties skos:Concept as domain and range): for exports that type only some of their concepts. off: only CONCEPT_TYPES make a concept, as the contract says.',
    },
  ],
  [
    {
      name: 'BASE_PATH',
      field: 'basePath',
      fallback: '',
      about: 'Path prefix when the service is mounted below / (e.g. /vocab).',
    },
    {
      name: 'API_COMPAT',
      field: 'apiCompat',
      fallback: '',
      about:
        'skos-suggester: /search and /suggest answer in the old Java service\'s HAL envelope ({"_links", "_embedded": {"concepts"}}) for clients written against it, and /suggest\'s default count is 20 (docs/api.md, "Replacing skos-suggester"). Unset: the contract\'s envelopes.',
    },
    {
      name: 'RECONCILE_NAME',
      field: 'reconcileName',
      fallback: 'SKOS concepts',
      about: 'The name of the service in the reconciliation manifest (GET /reconcile): what OpenRefine shows in its list of services.',
    },
    {
      name: 'RECONCILE_MATCH',
      field: 'reconcileMatch',
      fallback: 'near',
      about:
        'When reconciliation marks a candidate `match: true` (OpenRefine auto-matches it): `names` only the one concept with a label that names the name once folded (or whose notation it is); `near` also, where none names it, the one candidate whose label pairs with the name word for word, each pair equal, in another spelling or number, or one typo apart, in any order, leading the next by 5 points or more; `loose` also, where none is near, a label with one word more or less. docs/openrefine.md, "When a candidate is a match", has each rule\'s measured precision; `skos-lookup calibrate FILE` measures them on your own names.',
    },
    {
      name: 'VOCABULARY_IDS',
      field: 'vocabularyIds',
      fallback: '',
      about:
        'The short ids of the vocabularies in the Skosmos REST API (/rest/v1/{vocid}/...), as comma-separated id=scheme IRI items (stw=http://zbw.eu/stw, yso=http://www.yso.fi/onto/yso/). A scheme not named here gets the last segment of its IRI, lower case.',
    },
    {
      name: 'VOCABULARY_DUMPS',
      field: 'vocabularyDumps',
      fallback: '',
      about:
        "Where each vocabulary's whole data can be downloaded, as comma-separated id=URL items (stw=https://zbw.eu/stw/version/latest/download/stw.rdf.zip): the Skosmos REST API's {vocid}/data without uri redirects there, as Skosmos does to its configured dump. A vocabulary not named here has none: that request is a 404 saying so.",
    },
    {
      name: 'PUBLIC_URL',
      field: 'publicUrl',
      fallback: '',
      about:
        "The public URL of the service, with BASE_PATH (https://vocab.example.org/lookup), for the absolute links of the reconciliation manifest. Unset: made from each request's Host header (right when clients reach the service directly; set it behind a proxy), and such answers are Cache-Control: private, so that no shared cache hands one host's links to another.",
    },
    {
      name: 'TRUST_PROXY',
      field: 'trustProxy',
      fallback: 'off',
      about:
        "on, or a number of proxies: the service is reached through that many proxies (on: one), each appending to X-Forwarded-Host and X-Forwarded-Proto (or Forwarded): without PUBLIC_URL, the manifest's links are made from the value the outermost of them appended (that many from the end), never from one a client sent before it. off: they are ignored (a client could send anything in them).",
    },
    {
      name: 'LOG_LEVEL',
      field: 'logLevel',
      fallback: 'info',
      about:
        'silent, error, warn, info (adds one line per request; probes that answer 200, /health, /ready and /metrics, only at debug) or debug. Logs go to stderr.',
    },
    {
      name: 'LOG_FORMAT',
      field: 'logFormat',
      fallback: 'auto',
      about:
        'json (one JSON line per event, for log collectors), pretty (readable lines) or auto: pretty when stderr is a terminal, else json.',
    },
    {
      name: 'METRICS',
      field: 'metrics',
      fallback: 'on',
      about: 'on: GET /metrics answers in the Prometheus text format; off: it is a 404.',
    },
    {
      name: 'SHUTDOWN_GRACE_SECONDS',
      field: 'shutdownGraceSeconds',
      fallback: '10',
      range: [0, 3600],
      about: 'On SIGTERM, how many seconds the requests in flight get to finish.',
    },
    {
      name: 'MAX_CONNECTIONS',
      field: 'maxConnections',
      fallback: '0',
      range: [0, 1_000_000],
      about:
        "Open client connections at most; past it, new ones are closed at once (a warning says how many). 0: the process' limit of open files less 100, at most 10,000. Each connection has a bounded time to send its headers and its whole request (the 408 of /openapi.json says how long).",
    },
  ],
] as const satisfies readonly (readonly Setting[])[];

/** A setting as declared, with its literal name and field. */
export type DeclaredSetting = (typeof SETTING_GROUPS)[number][number];

/** The name of a setting. */
export type SettingName = DeclaredSetting['name'];

/** Every setting, in order. */
export const SETTINGS: readonly Setting[] = SETTING_GROUPS.flat();

/** Every setting's name: all that `loadConfig` may read. */
export const SETTING_NAMES: readonly string[] = SETTINGS.map((setting) => setting.name);

/** The declaration of a setting, by name. @throws Error where no setting has that name (a slip in the code, not in the input). */
export function settingNamed(name: string): Setting {
  const setting = SETTINGS.find((candidate) => candidate.name === name);
  if (setting === undefined) throw new Error(`${name} is read but not declared in SETTING_GROUPS`);
  return setting;
}

/** `text` in lines of at most `width` characters (a longer word alone on its line), each after `indent`. */
export function wrapped(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}
