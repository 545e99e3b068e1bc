// The private stores that the benchmark and the relevance suite start, load and stop through
// their scripts, with the endpoint and graph each serves (ports and graphs as the scripts
// read them from the environment).
import { execFileSync } from 'node:child_process';

export const STORES = {
  virtuoso: {
    script: 'scripts/virtuoso.sh',
    endpoint: `http://127.0.0.1:${process.env.VIRTUOSO_HTTP_PORT ?? 18890}/sparql`,
    graph: process.env.VIRTUOSO_GRAPH ?? 'urn:x-skos-lookup:data',
    /** Its database file, in the directory the script keeps it in. */
    databaseFile: `${process.env.VIRTUOSO_DIR ?? 'tmp/virtuoso'}/virtuoso.db`,
  },
  fuseki: {
    script: 'scripts/fuseki.sh',
    endpoint: `http://127.0.0.1:${process.env.FUSEKI_HTTP_PORT ?? 18892}/ds/sparql`,
    graph: process.env.FUSEKI_GRAPH ?? 'urn:x-skos-lookup:data',
  },
};

/** Runs `script command...` (start, load FILE, stop), its own messages on stderr. */
export function storeCommand(script, ...command) {
  execFileSync('bash', [script, ...command], { stdio: ['ignore', 'ignore', 'inherit'] });
}
