/**
 * A query of a read: it calls `sending` when the first of its answer arrives (the store has
 * worked it out and now only sends it), and resolves when the whole answer is read.
 */
export type ReadTask = (sending: () => void) => Promise<void>;

/**
 * Runs `tasks` (which may add more to the front of the list while they run) with at most
 * `working` of them waiting for the store's first byte, and at most `open` not yet settled.
 *
 * A store that works out a whole answer before it sends a byte (Virtuoso does so for a
 * CONSTRUCT with LIMIT: a million label triples take it 10-15 s of one core, then arrive in
 * a fraction of a second) would otherwise be idle while the build reads what it sent, and
 * the build idle while the store works: queries started together finish together. Counting
 * only the queries the store still works on keeps the store's cores busy while the build
 * reads; the bound on open ones keeps the answers waiting to be read few (they wait in the
 * store and the socket, not here: the build's reading holds each back). On a store that
 * streams, every query sends at once, and this is `open` at a time.
 *
 * Rejects with the first task's error, once the tasks already started have settled.
 */
export function readPool(tasks: ReadTask[], { working: most, open: mostOpen }: { working: number; open: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    let working = 0; // started, no byte yet
    let open = 0; // started, not yet settled
    let failure: { error: unknown } | undefined;
    const settled = (): void => {
      if (open > 0) return;
      if (failure !== undefined) reject(failure.error);
      else if (tasks.length === 0) resolve();
    };
    const next = (): void => {
      while (failure === undefined && working < most && open < mostOpen && tasks.length > 0) {
        const task = tasks.shift() as ReadTask;
        working++;
        open++;
        let waiting = true;
        const sending = (): void => {
          if (!waiting) return;
          waiting = false;
          working--;
          next();
        };
        task(sending).then(
          () => {
            open--;
            sending();
            next();
            settled();
          },
          (error: unknown) => {
            failure ??= { error };
            open--;
            sending();
            settled();
          },
        );
      }
    };
    next();
    settled();
  });
}
