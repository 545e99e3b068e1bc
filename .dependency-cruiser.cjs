// The layers of src/ (README, "Architecture"), from the bottom up:
//   base:      domain/, Config.ts with the settings' table and readers, errors.ts, log.ts, metrics/
//   store/, then sparql/ (queries over a store); index/ (storage, beside them)
//   lookup/:   the one layer that knows both the index and the store
//   edges:     http/ (routes declared, mounted and described; knows no route), then endpoints/, then the protocols (reconcile/, skosmos/, jskos/)
//   top:       app.ts, server.ts, loadConfig.ts (the only reader of the environment)
// Each rule names an arrow that may not exist. `npm run lint` runs them; CI runs it.
const above = (...layers) => `^src/(${layers.join('|')})`;
const TOP = ['app\\.ts', 'server\\.ts', 'loadConfig\\.ts'];
const PROTOCOLS = ['reconcile', 'skosmos', 'jskos'];
const EDGES = ['http/', 'endpoints/', ...PROTOCOLS.map((room) => `${room}/`)];

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'No import cycle anywhere.', from: {}, to: { circular: true } },
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      comment: 'domain/ holds the rules; it imports nothing of ours but itself.',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'base-stays-below',
      severity: 'error',
      comment:
        "The settings' shape, the typed errors, the logger, the client scope, the turns and the metrics are used by every layer and import none of them.",
      from: {
        path: '^src/(Config\\.ts|settings\\.ts|settingReaders\\.ts|dataFormats\\.ts|errors\\.ts|log\\.ts|clientScope\\.ts|Turns\\.ts|metrics/)',
      },
      to: { path: above('store/', 'sparql/', 'index/', 'lookup/', ...EDGES, ...TOP) },
    },
    {
      name: 'store-below-queries',
      severity: 'error',
      comment: 'store/ talks to stores; it knows no query catalogue, index or HTTP.',
      from: { path: '^src/store/' },
      to: { path: above('sparql/', 'index/', 'lookup/', ...EDGES, ...TOP) },
    },
    {
      name: 'sparql-below-lookup',
      severity: 'error',
      comment: 'sparql/ holds queries and reads over a store; it knows no index.',
      from: { path: '^src/sparql/' },
      to: { path: above('index/', 'lookup/', ...EDGES, ...TOP) },
    },
    {
      name: 'index-is-storage',
      severity: 'error',
      comment: 'index/ is storage only: it knows no store and no query.',
      from: { path: '^src/index/' },
      to: { path: above('store/', 'sparql/', 'lookup/', ...EDGES, ...TOP) },
    },
    {
      name: 'index-applies-no-query-rules',
      severity: 'error',
      comment:
        "index/ returns positions; matching and ranking a query (domain/'s matchPatterns, ranking, reconciliation, speaks) are applied in lookup/. The builder alone orders entries by ranking's withinTierKey.",
      from: { path: '^src/index/' },
      to: { path: '^src/domain/(matchPatterns|reconciliation|speaks|QueryTerm)\\.ts$' },
    },
    {
      name: 'index-query-side-has-no-ranking',
      severity: 'error',
      comment: 'Only the layout of the entries may use domain/ranking.ts (to number entries in their within-tier order).',
      from: { path: '^src/index/', pathNot: '^src/index/entryLayout\\.ts$' },
      to: { path: '^src/domain/ranking\\.ts$' },
    },
    {
      name: 'lookup-below-http',
      severity: 'error',
      comment: 'lookup/ answers lookups; it knows nothing of HTTP.',
      from: { path: '^src/lookup/' },
      to: { path: above(...EDGES, ...TOP) },
    },
    {
      name: 'http-below-endpoints',
      severity: 'error',
      comment:
        'http/ holds what every route uses (the declaration, the reader that mounts it, the describer that makes the API description): it knows no route, no endpoint and no lookup.',
      from: { path: '^src/http/' },
      to: { path: above('lookup/', 'endpoints/', ...PROTOCOLS.map((room) => `${room}/`), ...TOP) },
    },
    {
      name: 'endpoints-below-protocols',
      severity: 'error',
      comment: "endpoints/ are the contract's; the protocols use its parameters and shared descriptions, not the other way.",
      from: { path: '^src/endpoints/' },
      to: { path: above(...PROTOCOLS.map((room) => `${room}/`), ...TOP) },
    },
    ...PROTOCOLS.map((room) => ({
      name: `${room}-is-a-room-of-its-own`,
      severity: 'error',
      comment: `A protocol speaks to the lookup layer and the shared edges (http/, endpoints/), never to another protocol: a new one adds a room and touches none of the others.`,
      from: { path: `^src/${room}/` },
      to: { path: `^src/(${PROTOCOLS.filter((other) => other !== room).join('|')})/` },
    })),
    {
      name: 'protocols-see-no-store',
      severity: 'error',
      comment:
        'A protocol answers from the lookup layer (lookup/Lookup.ts), as the native endpoints do: never from the store, its queries or the index below it.',
      from: { path: `^src/(${PROTOCOLS.join('|')})/` },
      to: { path: '^src/(store|sparql|index)/' },
    },
    {
      name: 'edges-below-top',
      severity: 'error',
      comment: 'Only the top wires the service and reads the environment.',
      from: { path: `^src/(${PROTOCOLS.join('|')})/` },
      to: { path: above(...TOP) },
    },
    {
      name: 'memory-knows-only-itself',
      severity: 'error',
      comment:
        "lookup/memory/ (the in-memory path: IndexFinder and the algorithms over a label index) imports no other room of lookup/ but the facade's Finder interface: not the store path, the threads or the lifecycle.",
      from: { path: '^src/lookup/memory/' },
      to: { path: '^src/lookup/', pathNot: '^src/lookup/(memory/|Finder\\.ts$)' },
    },
    {
      name: 'store-path-knows-no-threads-or-keeping',
      severity: 'error',
      comment:
        "lookup/storePath/ asks the store; it may rank with memory/'s algorithms over a small index of its candidates (one ranking on both paths), but knows no thread, no lifecycle and not the facade beyond Finder.",
      from: { path: '^src/lookup/storePath/' },
      to: { path: '^src/lookup/', pathNot: '^src/lookup/(memory/|storePath/|Finder\\.ts$)' },
    },
    {
      name: 'threads-and-keeping-know-no-store-path',
      severity: 'error',
      comment:
        'lookup/threads/ and lookup/keeping/ carry and keep the index; the store path is chosen by the facade (createLookup.ts), not by them.',
      from: { path: '^src/lookup/(threads|keeping)/' },
      to: { path: '^src/lookup/(storePath/|Lookup\\.ts$|createLookup\\.ts$)' },
    },
    { name: 'not-to-unresolvable', severity: 'error', from: {}, to: { couldNotResolve: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.build.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
