import { availableParallelism } from 'node:os';
import { API_COMPATS, ConfigError } from '../src/Config.js';
import { LOG_FORMATS, LOG_LEVELS } from '../src/log.js';
import { DATA_FORMATS } from '../src/dataFormats.js';
import { SAMPLE_DATA_FILE, ignoredSettings, loadConfig, settingMistakes } from '../src/loadConfig.js';
import { SETTINGS, SETTING_NAMES } from '../src/settings.js';
import { indexFingerprint } from '../src/lookup/createLookup.js';

describe('loadConfig', () => {
  test('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      sparqlEndpoint: undefined,
      sparqlUser: undefined,
      sparqlPassword: undefined,
      sparqlDialect: 'generic',
      sparqlGraphs: [],
      sparqlTimeoutMs: 10000,
      sparqlMaxConcurrency: 16,
      sparqlQueueLimit: 256,
      dataFiles: [SAMPLE_DATA_FILE],
      dataFormat: undefined,
      defaultLang: 'en',
      conceptTypes: ['http://www.w3.org/2004/02/skos/core#Concept'],
      cacheMaxEntries: 10000,
      cacheMaxBytes: 64 * 2 ** 20,
      cacheTtlSeconds: 3600,
      shutdownGraceSeconds: 10,
      maxConnections: 0,
      httpMaxAge: 3600,
      labelIndex: true,
      labelIndexReadSeconds: 3600,
      labelIndexReadParallel: 2,
      indexWorkers: Math.max(1, Math.min(availableParallelism() - 1, 16)), // one a core but one
      skosEntailment: false,
      indexSnapshot: undefined,
      labelIndexRefreshSeconds: 3600,
      basePath: '',
      logLevel: 'info',
      logFormat: 'auto',
      metrics: true,
      apiCompat: undefined,
      reconcileName: 'SKOS concepts',
      reconcileMatch: 'near',
      vocabularyIds: new Map(),
      vocabularyDumps: new Map(),
      publicUrl: undefined,
      trustProxy: 0,
    });
  });

  test('is frozen', () => {
    expect(Object.isFrozen(loadConfig({}))).toBe(true);
    expect(Object.isFrozen(loadConfig({}).dataFiles)).toBe(true);
  });

  test('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      SPARQL_ENDPOINT: 'http://127.0.0.1:18890/sparql',
      SPARQL_USER: 'dba',
      SPARQL_PASSWORD: 'secret',
      SPARQL_GRAPH: 'http://example.org/graph',
      SPARQL_TIMEOUT_MS: '2500',
      DATA_FILES: 'a.ttl, b.nt.gz',
      DEFAULT_LANG: 'pt-BR',
      CONCEPT_TYPES: 'skos:Concept,http://example.org/Term',
      CACHE_MAX_ENTRIES: '0',
      CACHE_TTL_SECONDS: '60',
      CACHE_MAX_MB: '8',
      SHUTDOWN_GRACE_SECONDS: '0',
      MAX_CONNECTIONS: '500',
      HTTP_MAX_AGE: '0',
      BASE_PATH: '/vocab/',
      LOG_LEVEL: 'debug',
      API_COMPAT: 'skos-suggester',
      RECONCILE_NAME: 'Food thesaurus',
      RECONCILE_MATCH: 'names',
      VOCABULARY_IDS: 'stw=http://zbw.eu/stw, yso=http://www.yso.fi/onto/yso/',
      PUBLIC_URL: 'https://vocab.example.org/food/',
      SKOS_ENTAILMENT: 'on',
      LABEL_INDEX_READ_PARALLEL: '4',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      sparqlEndpoint: 'http://127.0.0.1:18890/sparql',
      sparqlUser: 'dba',
      sparqlPassword: 'secret',
      sparqlGraphs: ['http://example.org/graph'],
      sparqlTimeoutMs: 2500,
      dataFiles: ['a.ttl', 'b.nt.gz'],
      defaultLang: 'pt-br',
      conceptTypes: ['http://www.w3.org/2004/02/skos/core#Concept', 'http://example.org/Term'],
      cacheMaxEntries: 0,
      cacheMaxBytes: 8 * 2 ** 20,
      cacheTtlSeconds: 60,
      shutdownGraceSeconds: 0,
      maxConnections: 500,
      httpMaxAge: 0,
      basePath: '/vocab',
      logLevel: 'debug',
      apiCompat: 'skos-suggester',
      reconcileName: 'Food thesaurus',
      reconcileMatch: 'names',
      vocabularyIds: new Map([
        ['http://zbw.eu/stw', 'stw'],
        ['http://www.yso.fi/onto/yso/', 'yso'],
      ]),
      publicUrl: 'https://vocab.example.org/food',
      skosEntailment: true,
      labelIndexReadParallel: 4,
    });
  });

  test('CONCEPT_TYPES expands the prefixes people write, and refuses one it does not know, naming those it does', () => {
    expect(loadConfig({ CONCEPT_TYPES: 'schema:DefinedTerm, dcterms:Subject, https://example.org/Class' }).conceptTypes).toEqual([
      'http://schema.org/DefinedTerm',
      'http://purl.org/dc/terms/Subject',
      'https://example.org/Class',
    ]);
    expect(() => loadConfig({ CONCEPT_TYPES: 'sdo:DefinedTerm' })).toThrow(/the prefix sdo: is not known; .*schema:/);
  });

  test('takes an empty value as unset', () => {
    expect(loadConfig({ PORT: '', SPARQL_ENDPOINT: ' ', DEFAULT_LANG: '' })).toMatchObject({
      port: 3000,
      sparqlEndpoint: undefined,
      defaultLang: 'en',
    });
  });

  test('reads several graphs from SPARQL_GRAPH, comma-separated, in order', () => {
    expect(loadConfig({ SPARQL_GRAPH: 'http://example.org/stw, urn:x-graph:yso' }).sparqlGraphs).toEqual([
      'http://example.org/stw',
      'urn:x-graph:yso',
    ]);
  });

  test.each([
    ['PORT', { PORT: 'eighty' }],
    ['API_COMPAT', { API_COMPAT: 'solr' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'vocab.example.org' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://vocab.example.org/?x=1' }],
    ['PORT', { PORT: '70000' }],
    ['SPARQL_ENDPOINT', { SPARQL_ENDPOINT: 'localhost:8890/sparql' }],
    ['SPARQL_ENDPOINT', { SPARQL_ENDPOINT: 'ftp://x/sparql' }],
    ['SPARQL_PASSWORD', { SPARQL_USER: 'dba' }],
    ['SPARQL_USER', { SPARQL_PASSWORD: 'secret' }],
    ['SPARQL_DIALECT', { SPARQL_DIALECT: 'oracle' }],
    ['SPARQL_GRAPH', { SPARQL_GRAPH: 'my graph' }],
    ['SPARQL_GRAPH', { SPARQL_GRAPH: 'http://example.org/a, http://example.org/a' }],
    ['SPARQL_GRAPH', { SPARQL_GRAPH: 'http://example.org/a,,http://example.org/b' }],
    ['VOCABULARY_IDS', { VOCABULARY_IDS: 'http://zbw.eu/stw' }],
    ['VOCABULARY_IDS', { VOCABULARY_IDS: 'my stw=http://zbw.eu/stw' }],
    ['VOCABULARY_IDS', { VOCABULARY_IDS: 'stw=zbw stw' }],
    ['VOCABULARY_IDS', { VOCABULARY_IDS: 'stw=http://zbw.eu/stw, econ=http://zbw.eu/stw' }],
    ['VOCABULARY_IDS', { VOCABULARY_IDS: 'stw=http://zbw.eu/stw, stw=http://example.org/stw' }],
    ['SPARQL_TIMEOUT_MS', { SPARQL_TIMEOUT_MS: '0' }],
    ['SPARQL_TIMEOUT_MS', { SPARQL_TIMEOUT_MS: '1.5' }],
    ['DATA_FILES', { DATA_FILES: 'a.ttl,,b.ttl' }],
    ['DEFAULT_LANG', { DEFAULT_LANG: 'english please' }],
    ['CONCEPT_TYPES', { CONCEPT_TYPES: 'Concept' }],
    ['CONCEPT_TYPES', { CONCEPT_TYPES: 'sdo:DefinedTerm' }],
    ['CACHE_MAX_ENTRIES', { CACHE_MAX_ENTRIES: '-1' }],
    ['CACHE_TTL_SECONDS', { CACHE_TTL_SECONDS: '0' }],
    ['HTTP_MAX_AGE', { HTTP_MAX_AGE: 'forever' }],
    ['BASE_PATH', { BASE_PATH: 'vocab' }],
    ['BASE_PATH', { BASE_PATH: '/a b' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['SPARQL_MAX_CONCURRENCY', { SPARQL_MAX_CONCURRENCY: '0' }],
    ['SPARQL_QUEUE_LIMIT', { SPARQL_QUEUE_LIMIT: '-1' }],
    ['LABEL_INDEX', { LABEL_INDEX: 'yes' }],
    ['METRICS', { METRICS: 'true' }],
    ['LABEL_INDEX_REFRESH_SECONDS', { LABEL_INDEX_REFRESH_SECONDS: '0' }],
    ['SKOS_ENTAILMENT', { SKOS_ENTAILMENT: 'true' }],
    ['LABEL_INDEX_READ_PARALLEL', { LABEL_INDEX_READ_PARALLEL: '0' }],
  ])('refuses a malformed %s with a message naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${name}: `));
  });
});

describe('the names of the settings', () => {
  test('are declared once each', () => {
    expect(new Set(SETTING_NAMES).size).toBe(SETTING_NAMES.length);
  });

  test('an empty environment gives what the declared defaults, written out, give', () => {
    const written = Object.fromEntries(
      SETTINGS.filter((setting) => setting.fallback !== '').map((setting) => [setting.name, setting.fallback]),
    );
    expect(Object.keys(written).length).toBeGreaterThan(20);
    expect(loadConfig(written)).toEqual(loadConfig({}));
  });

  test.each(
    SETTINGS.filter((setting) => setting.range !== undefined).map((setting) => [setting.name, setting.range as readonly [number, number]]),
  )('%s takes the ends of its declared range and refuses one past them', (name, [min, max]) => {
    expect(() => loadConfig({ [name]: String(min) })).not.toThrow();
    expect(() => loadConfig({ [name]: String(max) })).not.toThrow();
    expect(() => loadConfig({ [name]: String(max + 1) })).toThrow(new RegExp(`^${name}: must be an integer from ${min} to ${max}`));
    if (min > 0) expect(() => loadConfig({ [name]: String(min - 1) })).toThrow(new RegExp(`^${name}: `));
  });

  test('each choice the code accepts is named where its setting is described', () => {
    const about = (name: string): string => SETTINGS.find((setting) => setting.name === name)?.about ?? '';
    for (const level of LOG_LEVELS) expect(about('LOG_LEVEL')).toContain(level);
    for (const format of LOG_FORMATS) expect(about('LOG_FORMAT')).toContain(format);
    for (const compat of API_COMPATS) expect(about('API_COMPAT')).toContain(compat);
    for (const format of Object.keys(DATA_FORMATS)) expect(about('DATA_FORMAT')).toContain(format);
  });

  test('a variable a few letters off a setting that is not set stops the start, naming the one meant', () => {
    expect(
      settingMistakes({ DATA_FILE: 'mine.ttl', LOG_LEVL: 'debug', SPARQL_ENDPIONT: 'http://x/sparql', CACHE_MAX_ENTRY: '5' }).refuse,
    ).toEqual([
      'DATA_FILE is not a setting; did you mean DATA_FILES?',
      'LOG_LEVL is not a setting; did you mean LOG_LEVEL?',
      'SPARQL_ENDPIONT is not a setting; did you mean SPARQL_ENDPOINT?',
      'CACHE_MAX_ENTRY is not a setting; did you mean CACHE_MAX_ENTRIES?',
    ]);
  });

  test("where the setting meant is set too, a warning; other programs' variables pass unnamed, every other key of .env is named", () => {
    const env = {
      DATA_FILE: 'a.ttl',
      DATA_FILES: 'b.ttl',
      HOME: '/root',
      PATH: '/bin',
      HOSTNAME: 'box',
      HTTP_PROXY: 'http://proxy',
      NODE_ENV: 'production',
      TERM: 'xterm',
      VOCABULARY: 'mine.ttl',
    };
    expect(settingMistakes(env, ['VOCABULARY', 'PORT'])).toEqual({
      refuse: [],
      warn: [
        'DATA_FILE is not a setting (DATA_FILES is, and is set); it is ignored',
        'VOCABULARY (in .env) is not a setting of this service; it is ignored',
      ],
    });
    expect(
      settingMistakes({
        HOME: '/root',
        PATH: '/bin',
        LANG: 'C.UTF-8',
        USER: 'root',
        SHELL: '/bin/sh',
        PWD: '/',
        HOSTNAME: 'x',
        LOGNAME: 'root',
      }),
    ).toEqual({ refuse: [], warn: [] });
  });
});

describe('settings that have no effect in the mode the others choose', () => {
  test('are named with why: files beside an endpoint, store settings without one, index settings without the index', () => {
    expect(ignoredSettings({ SPARQL_ENDPOINT: 'http://x/sparql', DATA_FILES: 'a.ttl' })).toEqual([
      "DATA_FILES is ignored: SPARQL_ENDPOINT is set, so the vocabulary is the store's, not read from files; unset one of them",
    ]);
    expect(ignoredSettings({ SPARQL_USER: 'dba' })).toEqual([
      'SPARQL_USER is ignored: SPARQL_ENDPOINT is not set, so the vocabulary is read from DATA_FILES into the embedded store',
    ]);
    expect(ignoredSettings({ LABEL_INDEX: 'off', INDEX_SNAPSHOT: '/tmp/index.bin' })).toEqual([
      'INDEX_SNAPSHOT is ignored: LABEL_INDEX=off, so no label index is built',
    ]);
    expect(
      ignoredSettings({ SPARQL_ENDPOINT: 'http://x/sparql', SPARQL_USER: 'dba', LABEL_INDEX: 'on', INDEX_SNAPSHOT: '/tmp/i' }),
    ).toEqual([]);
  });
});

describe('the typed configuration, made from the table', () => {
  test('has a field for each setting, named as the table names it, and nothing else', () => {
    expect(Object.keys(loadConfig({})).sort()).toEqual(SETTINGS.map(({ field }) => field).sort());
  });

  test("the label index's fingerprint holds exactly the settings the table marks as shaping it: another value of one of them, another index", () => {
    const shaping = SETTINGS.filter(({ shapesIndex }) => shapesIndex === true).map(({ field }) => field);
    expect(shaping).toEqual(expect.arrayContaining(['sparqlEndpoint', 'sparqlGraphs', 'defaultLang', 'conceptTypes', 'skosEntailment']));
    const fingerprint = (env: Record<string, string>): Record<string, unknown> => JSON.parse(indexFingerprint(loadConfig(env)));
    expect(Object.keys(fingerprint({})).sort()).toEqual([...shaping].sort());
    expect(fingerprint({ DEFAULT_LANG: 'de' })).not.toEqual(fingerprint({}));
    expect(fingerprint({ SKOS_ENTAILMENT: 'on' })).not.toEqual(fingerprint({}));
    // what only answers differently, not from another index, changes nothing
    expect(fingerprint({ PORT: '4000', CACHE_MAX_ENTRIES: '5', HTTP_MAX_AGE: '1' })).toEqual(fingerprint({}));
    // the data files are fingerprinted by their size and time, and not at all behind an endpoint
    expect((fingerprint({}).dataFiles as unknown[][])[0]).toHaveLength(3);
    expect(fingerprint({ SPARQL_ENDPOINT: 'http://x/sparql' }).dataFiles).toBeNull();
  });
});

describe('VOCABULARY_DUMPS', () => {
  test('reads id=URL items, and refuses one that is not, or an id twice, naming the setting', () => {
    expect(loadConfig({ VOCABULARY_DUMPS: 'stw=https://example.org/stw.rdf, yso=http://example.org/yso.ttl' }).vocabularyDumps).toEqual(
      new Map([
        ['stw', 'https://example.org/stw.rdf'],
        ['yso', 'http://example.org/yso.ttl'],
      ]),
    );
    expect(() => loadConfig({ VOCABULARY_DUMPS: 'stw' })).toThrow(/^VOCABULARY_DUMPS: "stw" is not id=URL/);
    expect(() => loadConfig({ VOCABULARY_DUMPS: 'stw=ftp://x/y' })).toThrow(/^VOCABULARY_DUMPS: /);
    expect(() => loadConfig({ VOCABULARY_DUMPS: 'a=http://x/1,a=http://x/2' })).toThrow('VOCABULARY_DUMPS: names the vocabulary a twice');
  });
});
