import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

// Runs NatLibFi's skosmos-client through test/clients/skosmosClient.py, with the Python that
// scripts/test-clients.sh made for it (SKOSMOS_CLIENT_PYTHON).

const PYTHON = process.env.SKOSMOS_CLIENT_PYTHON;
if (PYTHON === undefined)
  throw new Error('SKOSMOS_CLIENT_PYTHON must name a Python with skosmos-client (scripts/test-clients.sh makes one)');

/** One call of the client: a method of SkosmosClient, or `concept.X` of the concept `uri` in `vocid`. */
export interface Call {
  method: string;
  args?: unknown[];
  kwargs?: Record<string, unknown>;
  vocid?: string;
  uri?: string;
}

/**
 * Runs the calls through skosmos-client against the API at `apiBase`, in one Python process;
 * each answer's value, or the error it raised. Asynchronously: the service may answer from
 * this very process.
 */
export async function runSkosmosClient(apiBase: string, calls: Call[]): Promise<Array<{ value?: any; error?: string }>> {
  const python = promisify(execFile)(PYTHON as string, ['test/clients/skosmosClient.py', apiBase], { maxBuffer: 64 * 1024 * 1024 });
  python.child.stdin?.end(JSON.stringify(calls));
  return JSON.parse((await python).stdout);
}
