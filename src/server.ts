#!/usr/bin/env node
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { createApp } from './app.js';
import { operationalPaths, type Route } from './http/Route.js';
import { readCommandLine, type Command } from './commandLine.js';
import { createLookup } from './lookup/createLookup.js';
import type { Lookup } from './lookup/Lookup.js';
import { ConfigError, type Config } from './Config.js';
import { QUERIES_DIR, ignoredSettings, loadConfig, secretsOf, settingMistakes, settingsGiven } from './loadConfig.js';
import { Drain } from './http/Drain.js';
import { listen, listenForProbes } from './http/listen.js';
import { createLogger, type Logger } from './log.js';
import { memoryReturnWarning, runsOnGlibc } from './memoryAdvice.js';
import { Metrics } from './metrics/Metrics.js';
import { calibrate, calibrationReport, readLabelledNames, unknownIris } from './reconcile/calibrate.js';
import { Reconciler } from './reconcile/Reconciler.js';
import { QueryCatalog, QueryFileError } from './sparql/QueryCatalog.js';
import { startStore } from './store/createStore.js';
import { DataFileError } from './store/loadRdfFile.js';

/**
 * The only entry point: the command line, then loadConfig -> createStore -> createApp ->
 * listen (or, for `check` and `snapshot`, the same start without listening). A setting,
 * query file or data file that is wrong stops the start with one log line naming it and
 * exit status 2. Every line goes through the logger: JSON, or readable lines on a terminal.
 */

/** How often the log says how far the start got while the vocabulary loads and the index is built. */
const PROGRESS_EVERY_MS = 10_000;

/** The logger until the settings are read: info, and the format they would choose by default. */
let log: Logger = createLogger('info');

async function main(): Promise<void> {
  const command = readCommandLine(process.argv.slice(2));
  if (command.kind === 'answered') {
    process.exitCode = command.status;
    return;
  }
  const dotenvText = existsSync('.env') ? readFileSync('.env', 'utf8') : '';
  const dotenv = Object.keys(parseEnv(dotenvText));
  if (dotenv.length > 0) process.loadEnvFile('.env'); // variables already set win
  const mistakes = settingMistakes(process.env, dotenv, keyLines(dotenvText));
  if (mistakes.refuse.length > 0) throw new ConfigError(mistakes.refuse.join('; '));
  let config = loadConfig(process.env);
  log = createLogger(config.logLevel, { secrets: secretsOf(config), format: config.logFormat });
  if (command.kind === 'snapshot') {
    if (!config.labelIndex) throw new ConfigError('LABEL_INDEX: must be on to write a snapshot of the label index');
    // built to a file of its own and moved into place once whole: a replica starting meanwhile reads the old one
    config = { ...config, indexSnapshot: `${resolve(command.file)}.${process.pid}.new` };
  }
  for (const warning of [...mistakes.warn, ...ignoredSettings(process.env)]) log.warn(warning);
  log.info(`vocabulary: ${whereFrom(config)}`);
  const given = settingsGiven(process.env);
  log.info(given.length === 0 ? 'settings: the defaults' : `settings: ${given.join(' ')}`);
  const memory = memoryReturnWarning(process.env, runsOnGlibc(), config.labelIndex);
  if (memory !== undefined) log.warn(memory);
  const queries = QueryCatalog.load(config.sparqlDialect, QUERIES_DIR, config.skosEntailment); // a broken query file stops the start before data loads
  const started = Date.now();
  const metrics = new Metrics();
  const { store, loaded } = startStore(config, metrics, (message) => log.warn(message));
  const concepts = createLookup(config, queries, store, log);
  const ready = loaded.then(
    () => {
      if (config.sparqlEndpoint === undefined) log.info(`loaded ${config.dataFiles.join(', ')} in ${Date.now() - started} ms`);
      return concepts.start();
    },
    (error: unknown) => {
      log.error(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(error instanceof DataFileError ? 2 : 1);
    },
  );
  const progress = setInterval(
    () => void startState(concepts).then((state) => state !== undefined && log.info(`starting: ${state}`)),
    PROGRESS_EVERY_MS,
  );
  void ready.finally(() => clearInterval(progress));
  if (command.kind !== 'serve') {
    await ready;
    const status = await runOnce(command, config, concepts);
    await concepts.close();
    await store.close();
    process.exit(status);
  }
  await serve(config, concepts, metrics, started, ready, async () => {
    await concepts.close();
    await store.close();
  });
}

/** The line each key of a `.env` text is set on (the last, where a key is set twice). */
function keyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  text.split('\n').forEach((line, i) => {
    const key = /^\s*(?:export\s+)?([\w.-]+)\s*=/.exec(line)?.[1];
    if (key !== undefined) lines.set(key, i + 1);
  });
  return lines;
}

/** Where the vocabulary comes from, for the start's log: the endpoint (it holds no credentials: loadConfig refuses them) or the files. */
function whereFrom(config: Config): string {
  if (config.sparqlEndpoint === undefined) return `the embedded store, loading ${config.dataFiles.join(', ')}`;
  const as = config.sparqlUser === undefined ? '' : ` as ${config.sparqlUser}`;
  const graph =
    config.sparqlGraphs.length === 0 ? '' : `, ${config.sparqlGraphs.length === 1 ? 'graph' : 'graphs'} ${config.sparqlGraphs.join(', ')}`;
  return `the SPARQL endpoint ${config.sparqlEndpoint}${as} (${config.sparqlDialect} dialect${graph})`;
}

/** What /ready would say is missing: the store not answering (or still loading), or the index not in; undefined when ready. */
async function startState(concepts: Lookup): Promise<string | undefined> {
  try {
    await concepts.ping();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return concepts.lifecycle.notReady;
}

/**
 * Settings that are well-formed but cannot be meant, named with what the data holds: a
 * DEFAULT_LANG that no preferred label is in (`english`, `en_GB`...), which would have
 * results shown in whatever language comes first.
 */
async function settingWarnings(config: Config, concepts: Lookup): Promise<string[]> {
  // first the question that one row answers; the languages are listed (every prefLabel
  // scanned: 28 s on Virtuoso at 2 million concepts) only to name them in the warning
  if (await concepts.speaks(config.defaultLang).catch(() => true)) return [];
  const languages = await concepts.languages().catch(() => []);
  if (languages.length === 0) return [];
  return [
    `DEFAULT_LANG=${config.defaultLang}: no preferred label is in that language; the vocabulary's are in ${languages.slice(0, 12).join(', ')}${
      languages.length > 12 ? ', ...' : ''
    }: set DEFAULT_LANG to one of them`,
  ];
}

/** `check` and `snapshot`, once the start is done: what /ready would say, and the status to exit with. */
async function runOnce(command: Exclude<Command, { kind: 'serve' | 'answered' }>, config: Config, concepts: Lookup): Promise<number> {
  const missing = await startState(concepts);
  const degraded = concepts.lifecycle.degraded;
  if (command.kind === 'snapshot') {
    const written = config.indexSnapshot as string;
    if (missing !== undefined || degraded !== undefined || !existsSync(written)) {
      rmSync(written, { force: true });
      log.error(`snapshot: not written: ${missing ?? degraded ?? 'the label index was not built'}`);
      return 1;
    }
    renameSync(written, resolve(command.file));
    log.info(`snapshot: the label index is in ${command.file}`);
    return 0;
  }
  if (command.kind === 'calibrate') return calibrateOn(command.file, config, concepts, missing);
  const report = concepts.indexReport;
  const warnings = [
    ...(await settingWarnings(config, concepts)),
    ...(concepts.namingWarning === undefined ? [] : [concepts.namingWarning]),
  ];
  for (const warning of warnings) log.warn(warning);
  const answer = {
    status: missing === undefined ? 'ready' : 'not ready',
    ...(warnings.length === 0 ? {} : { warnings }),
    ...(missing === undefined ? {} : { message: `not ready: ${missing}` }),
    ...(report === undefined
      ? {}
      : { labelIndex: { ...report, labelsByLanguage: Object.fromEntries(report.labelsByLanguage.slice(0, 10)) } }),
    ...(degraded === undefined ? {} : { degraded }),
  };
  process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
  if (missing !== undefined) log.error(`check: not ready: ${missing}`);
  // the service would answer, from the store's queries: not what it was set up to do (exit 1)
  else if (degraded !== undefined) log.error(`check: ready, but degraded: ${degraded}`);
  else log.info('check: ready');
  return missing === undefined && degraded === undefined ? 0 : 1;
}

/** `calibrate FILE`: the report on stdout, status 0; 1 where the vocabulary is not ready, 2 where the file cannot be read. */
async function calibrateOn(file: string, config: Config, concepts: Lookup, missing: string | undefined): Promise<number> {
  if (missing !== undefined) {
    log.error(`calibrate: not ready: ${missing}`);
    return 1;
  }
  let names;
  try {
    names = readLabelledNames(readFileSync(file, 'utf8'));
  } catch (error) {
    log.error(`calibrate: ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const outcomes = await calibrate(names, new Reconciler(concepts, config));
  process.stdout.write(calibrationReport(file, names, outcomes, config.reconcileMatch, await unknownIris(names, concepts)));
  return 0;
}

async function serve(
  config: Config,
  concepts: Lookup,
  metrics: Metrics,
  started: number,
  ready: Promise<void>,
  close: () => Promise<void>,
): Promise<void> {
  metrics.watchIndex(() => concepts.labelIndex?.stats);
  metrics.watchPool(() => concepts.pool && { threads: concepts.pool.size, ...concepts.pool.load });
  let settled = false;
  void ready.finally(() => (settled = true));
  const app = createApp({ config, log, concepts, metrics });
  const probePaths = operationalPaths(app.locals.routes as Route[], config.basePath, 'probe');
  // The service listens first and reads its data after: /health answers from the start, and
  // /ready says what is being loaded until everything is in.
  const server = await listen(app, config.port, config.host, {
    maxConnections: config.maxConnections,
    probes: probePaths,
    refused: (count, cap) =>
      log.warn(`${count} connection${count === 1 ? '' : 's'} refused: ${cap} are open, the most this service takes (MAX_CONNECTIONS)`),
  }).catch((error: unknown) => {
    log.error(`cannot listen on ${config.host}:${config.port}`, error);
    process.exit(2);
  });
  const origin = (at: AddressInfo): string => `http://${at.address.includes(':') ? `[${at.address}]` : at.address}:${at.port}`;
  // the line as it always was (scripts read the address from it), then what is still to come
  log.info(`listening on ${origin(server.address() as AddressInfo)}${config.basePath}/`);
  if (!settled) log.info(`the vocabulary is still being read (${whereFrom(config)}): /ready answers 503 until it is in`);
  if (config.probePort !== undefined) {
    const probes = await listenForProbes(app, config.probePort, config.host, probePaths).catch((error: unknown) => {
      log.error(`cannot listen for probes on ${config.host}:${config.probePort} (PROBE_PORT)`, error);
      process.exit(2);
    });
    probes.unref();
    log.info(`probes answered on ${origin(probes.address() as AddressInfo)}${config.basePath}/health and /ready`);
  }
  if (config.publicUrl === undefined)
    log.info(
      "PUBLIC_URL is not set: the reconciliation manifest names the service by each request's Host, so OpenRefine takes " +
        'http://localhost and http://127.0.0.1 for two services. Set PUBLIC_URL to the address clients use.',
    );
  void ready.then(async () => {
    const missing = await startState(concepts);
    for (const warning of await settingWarnings(config, concepts)) log.warn(warning);
    if (missing === undefined) log.info(`ready in ${Date.now() - started} ms`);
    else log.warn(`started in ${Date.now() - started} ms, but not ready: ${missing}`);
  });
  // SIGTERM: refuse new connections, finish the requests in flight, exit 0. Requests still
  // running when SHUTDOWN_GRACE_SECONDS runs out are cut off (a warning says how many): the
  // stop was asked for and done, so the status is 0 all the same (a process manager counts
  // any other as a crash).
  const drain = new Drain(server);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    log.info('stopping: finishing the requests in flight');
    void drain.stop(config.shutdownGraceSeconds * 1000).then(async (finished) => {
      if (!finished) log.warn(`requests still in flight after ${config.shutdownGraceSeconds} s (SHUTDOWN_GRACE_SECONDS) were cut off`);
      await close();
      process.exit(0);
    });
  };
  // npm passes SIGINT and SIGTERM on to what `npm start` runs, but not SIGHUP: the log says which process to signal
  log.info(`process ${process.pid}: SIGHUP to it reads the vocabulary again (npm does not pass SIGHUP on), SIGTERM stops it`);
  process.on('SIGHUP', () => {
    log.info('SIGHUP: reading the label index again');
    void concepts.refresh();
  });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataFileError || error instanceof QueryFileError) {
    log.error(`cannot start: ${error.message}`);
    process.exit(2);
  }
  log.error(`cannot start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
