#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseEnv } from 'node:util';
import { createApp } from './app.js';
import { createLookup } from './lookup/createLookup.js';
import { ConfigError } from './Config.js';
import { PROJECT_ROOT, QUERIES_DIR, loadConfig, secretsOf, settingMistakes, settingsHelp } from './loadConfig.js';
import { Drain } from './http/Drain.js';
import { listen } from './http/listen.js';
import { createLogger } from './log.js';
import { Metrics } from './metrics/Metrics.js';
import { QueryCatalog, QueryFileError } from './sparql/QueryCatalog.js';
import { startStore } from './store/createStore.js';
import { DataFileError } from './store/loadRdfFile.js';

/**
 * The only entry point: loadConfig -> createStore -> createApp -> listen.
 * A setting, query file or data file that is wrong stops the start with one line naming
 * it and exit status 2.
 */
/** `--help` and `--version`: answered without reading the settings or listening. */
function answerCommandLine(args: readonly string[]): boolean {
  if (args.includes('--version')) {
    const { version } = JSON.parse(readFileSync(`${PROJECT_ROOT}package.json`, 'utf8')) as { version: string };
    process.stdout.write(`${version}\n`);
    return true;
  }
  if (args.length === 0) return false;
  const help = [
    'skos-lookup: a read-only HTTP JSON service that looks up the concepts of a SKOS vocabulary.',
    '',
    'Usage: skos-lookup [--help | --version]',
    '  (npm start, or node dist/server.js): listens on HOST:PORT and serves the vocabulary',
    '  from SPARQL_ENDPOINT, or from DATA_FILES in the embedded store.',
    '',
    'Settings, as environment variables or in a .env file (an empty value counts as unset):',
    settingsHelp(),
    '',
  ].join('\n');
  // anything else than --help is a mistake: the help on stderr, and a failure status
  const asked = args.every((arg) => arg === '--help' || arg === '-h');
  (asked ? process.stdout : process.stderr).write(help);
  if (!asked) process.exitCode = 2;
  return true;
}

async function main(): Promise<void> {
  if (answerCommandLine(process.argv.slice(2))) return;
  const dotenv = existsSync('.env') ? Object.keys(parseEnv(readFileSync('.env', 'utf8'))) : [];
  if (dotenv.length > 0) process.loadEnvFile('.env'); // variables already set win
  const mistakes = settingMistakes(process.env, dotenv);
  if (mistakes.refuse.length > 0) throw new ConfigError(mistakes.refuse.join('; '));
  const config = loadConfig(process.env);
  const log = createLogger(config.logLevel, { secrets: secretsOf(config) });
  for (const warning of mistakes.warn) log.warn(warning);
  const queries = QueryCatalog.load(config.sparqlDialect, QUERIES_DIR, config.skosEntailment); // a broken query file stops the start before data loads
  const started = Date.now();
  const metrics = new Metrics();
  // The service listens first and reads its data after: /health answers from the start, and
  // /ready says what is being loaded until everything is in.
  const { store, loaded } = startStore(config, metrics, (message) => log.warn(message));
  const concepts = createLookup(config, queries, store, log);
  metrics.watchIndex(() => concepts.labelIndex?.stats);
  metrics.watchPool(() => concepts.pool && { threads: concepts.pool.size, ...concepts.pool.load });
  const app = createApp({ config, log, concepts, metrics });
  const server = await listen(app, config.port, config.host).catch((error: unknown) => {
    log.error(`cannot listen on ${config.host}:${config.port}`, error);
    process.exit(2);
  });
  const { address, port } = server.address() as AddressInfo;
  log.info(`listening on http://${address.includes(':') ? `[${address}]` : address}:${port}${config.basePath}/`);
  // SIGTERM: refuse new connections, finish the requests in flight, exit 0. Requests still
  // running when SHUTDOWN_GRACE_SECONDS runs out are cut off (a warning says how many): the
  // stop was asked for and done, so the status is 0 all the same (a process manager counts
  // any other as a crash).
  void loaded.then(
    () => {
      log.info(
        config.sparqlEndpoint === undefined
          ? `loaded ${config.dataFiles.join(', ')} in ${Date.now() - started} ms`
          : 'using the SPARQL endpoint from SPARQL_ENDPOINT',
      );
      return concepts.start().then(() => log.info(`ready in ${Date.now() - started} ms`));
    },
    (error: unknown) => {
      process.stderr.write(`cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(error instanceof DataFileError ? 2 : 1);
    },
  );
  const drain = new Drain(server);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    log.info('stopping: finishing the requests in flight');
    void drain.stop(config.shutdownGraceSeconds * 1000).then(async (finished) => {
      if (!finished) log.warn(`requests still in flight after ${config.shutdownGraceSeconds} s (SHUTDOWN_GRACE_SECONDS) were cut off`);
      await concepts.close();
      await store.close();
      process.exit(0);
    });
  };
  process.on('SIGHUP', () => {
    log.info('SIGHUP: reading the label index again');
    void concepts.refresh();
  });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataFileError || error instanceof QueryFileError) {
    process.stderr.write(`cannot start: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`cannot start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
