// The private stores that the benchmark and the relevance suite start, load and stop through
// their scripts, with the endpoint and graph each serves (ports and graphs as the scripts
// read them from the environment).
import { execFileSync } from 'node:child_process';

export const STORES = {
  virtuoso: {
    script: 'scripts/virtuoso.sh',
    endpoint: `http://127.0.0.1:${process.env.VIRTUOSO_HTTP_PORT ?? 18890}/sparql`,
    graph: process.env.VIRTUOSO_GRAPH ?? 'urn:x-skos-lookup:data',
  },
  jena: {
    script: 'scripts/jena.sh',
    endpoint: `http://127.0.0.1:${process.env.JENA_HTTP_PORT ?? 18892}/sparql`,
    graph: process.env.JENA_GRAPH ?? 'urn:x-skos-lookup:data',
  },
};

/** Runs `script command...` (start, load FILE, stop), its own messages on stderr. */
export function storeCommand(script, ...command) {
  execFileSync('bash', [script, ...command], { stdio: ['ignore', 'ignore', 'inherit'] });
}
