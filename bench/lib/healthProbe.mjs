#!/usr/bin/env node
// A /health probe in a process of its own (so that the load a benchmark makes in its own
// process never delays it): asks URL/health every 200 ms, each on a new connection, until it
// gets SIGTERM, then prints the latencies (ms; null for a failure) as one JSON line.
//   node bench/lib/healthProbe.mjs http://127.0.0.1:3000
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';

const url = process.argv[2];
const latencies = [];
let running = true;
process.on('SIGTERM', () => (running = false));
while (running) {
  const agent = new Agent({ connections: 1 });
  const began = performance.now();
  try {
    const response = await request(`${url}/health`, { dispatcher: agent });
    await response.body.text();
    latencies.push(performance.now() - began);
  } catch {
    latencies.push(null);
  }
  await agent.close();
  if (running) await sleep(200);
}
process.stdout.write(`${JSON.stringify(latencies)}\n`);
