import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runBeforeStore } from '../support/lateStore.js';
import { expectWaitedForTheStore } from './expectWaitedForTheStore.js';

// Run by test:fuseki with its Fuseki stopped (the sample vocabulary in its dataset): the
// service starts first, and Fuseki is started 10 s later with `scripts/fuseki.sh resume`,
// as a container started beside the service, or a store restarted, comes late.

const resume = async (): Promise<void> => {
  await promisify(execFile)('bash', ['scripts/fuseki.sh', 'resume']);
};

test('a Fuseki started 10 s after the service is waited for, and its index is in within seconds of its arrival', async () => {
  const endpoint = process.env.SPARQL_ENDPOINT;
  if (endpoint === undefined) throw new Error('SPARQL_ENDPOINT must name the stopped Fuseki');
  const run = await runBeforeStore(
    { SPARQL_ENDPOINT: endpoint, SPARQL_GRAPH: process.env.SPARQL_GRAPH ?? '' },
    '/suggest?q=te',
    10_000,
    resume,
  );
  expectWaitedForTheStore(run);
}, 120_000);
