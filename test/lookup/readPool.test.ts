import { readPool, type ReadTask } from '../../src/lookup/keeping/readPool.js';

/** A query whose store-side work and sending the test ends by hand. */
interface Query {
  name: string;
  send: () => void;
  finish: () => void;
  fail: (error: Error) => void;
}

function queries(names: string[], started: Query[]): ReadTask[] {
  return names.map(
    (name) => (sending) =>
      new Promise<void>((resolve, reject) => {
        started.push({ name, send: sending, finish: resolve, fail: reject });
      }),
  );
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const names = (started: Query[]): string[] => started.map((query) => query.name);

describe('the read pool', () => {
  test('starts the next query once one begins to send, not only once it has been read', async () => {
    const started: Query[] = [];
    const done = readPool(queries(['a', 'b', 'c', 'd', 'e'], started), { working: 2, open: 4 });
    expect(names(started)).toEqual(['a', 'b']);
    started[0]?.send(); // the store has worked out a's answer: it now only sends
    expect(names(started)).toEqual(['a', 'b', 'c']);
    started[0]?.send(); // again: counted once
    expect(names(started)).toEqual(['a', 'b', 'c']);
    started[1]?.send();
    expect(names(started)).toEqual(['a', 'b', 'c', 'd']);
    for (const query of started) query.send();
    // four open: none more until one is read whole
    expect(names(started)).toEqual(['a', 'b', 'c', 'd']);
    started[0]?.finish();
    await settle();
    expect(names(started)).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const query of started) {
      query.send();
      query.finish();
    }
    await expect(done).resolves.toBeUndefined();
  });

  test('with one open at a time (a store that answers whole), starts the next only once one is read', async () => {
    const started: Query[] = [];
    const done = readPool(queries(['a', 'b'], started), { working: 1, open: 1 });
    started[0]?.send();
    expect(names(started)).toEqual(['a']);
    started[0]?.finish();
    await settle();
    expect(names(started)).toEqual(['a', 'b']);
    started[1]?.finish();
    await expect(done).resolves.toBeUndefined();
  });

  test('runs the queries a running one adds to the front of the list, then resolves', async () => {
    const ran: string[] = [];
    const tasks: ReadTask[] = [];
    tasks.push(async () => {
      ran.push('whole');
      tasks.unshift(async () => void ran.push('part 2'));
      tasks.unshift(async () => void ran.push('part 1'));
    });
    tasks.push(async () => void ran.push('next'));
    await readPool(tasks, { working: 1, open: 1 });
    expect(ran).toEqual(['whole', 'part 1', 'part 2', 'next']);
  });

  test('rejects with the first error once the open queries have settled, and starts no more', async () => {
    const started: Query[] = [];
    let settled = false;
    const done = readPool(queries(['a', 'b', 'c'], started), { working: 2, open: 4 }).finally(() => (settled = true));
    started[0]?.fail(new Error('the store refused a'));
    await settle();
    expect(settled).toBe(false); // b still reads
    expect(names(started)).toEqual(['a', 'b']);
    started[1]?.finish();
    await expect(done).rejects.toThrow('the store refused a');
    expect(names(started)).toEqual(['a', 'b']);
  });

  test('resolves at once with nothing to read', async () => {
    await expect(readPool([], { working: 2, open: 4 })).resolves.toBeUndefined();
  });
});
