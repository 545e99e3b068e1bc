import { LoadingGate, type Loading } from '../../src/lookup/keeping/LoadingGate.js';
import { IndexLoadingError, UpstreamTimeoutError } from '../../src/errors.js';

const loading = (expected: number, started = 1, sized = true): Loading => ({
  progress: '10 of 100 triples read (10%) in 1 s',
  secondsLeft: 9,
  expected,
  sized,
  started,
});

describe('the loading gate', () => {
  test('asks the store one keystroke at a time; another meanwhile is a 503 with the progress', async () => {
    const gate = new LoadingGate(800, 1000);
    let release = (): void => {};
    const first = gate.run(loading(100), () => new Promise<string>((resolve) => (release = () => resolve('answer'))));
    await expect(gate.run(loading(100), async () => 'second')).rejects.toThrow(IndexLoadingError);
    release();
    await expect(first).resolves.toBe('answer');
    await expect(gate.run(loading(100), async () => 'third')).resolves.toBe('third');
  });

  test('after the store took too long, leaves it alone until the next build', async () => {
    const gate = new LoadingGate(800, 1000);
    const asked: number[] = [];
    await expect(
      gate.run(loading(100), async (timeoutMs) => {
        asked.push(timeoutMs);
        throw new UpstreamTimeoutError(timeoutMs);
      }),
    ).rejects.toThrow(IndexLoadingError);
    await expect(gate.run(loading(100), async () => void asked.push(0))).rejects.toThrow(
      /the label index is being built \(10 of 100 triples read/,
    );
    expect(asked).toEqual([800]); // the budget, and no second ask
    await expect(gate.run(loading(100, 2), async () => 'a new build')).resolves.toBe('a new build');
  });

  test('never asks the store while a large vocabulary is read, and says when to come back', async () => {
    const gate = new LoadingGate(800, 1000);
    const error = await gate.run(loading(5000), async () => 'asked').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IndexLoadingError);
    expect((error as IndexLoadingError).headers['Retry-After']).toBe('9');
  });

  test('never asks the store before the build has counted what it reads: its size is not known yet', async () => {
    const gate = new LoadingGate(800, 1000);
    const asked: string[] = [];
    await expect(gate.run(loading(0, 1, false), async () => void asked.push('unsized'))).rejects.toThrow(IndexLoadingError);
    await expect(gate.run(loading(100, 1, false), async () => void asked.push('partly counted'))).rejects.toThrow(IndexLoadingError);
    await expect(gate.run(loading(100, 1, true), async () => 'counted, and small')).resolves.toBe('counted, and small');
    expect(asked).toEqual([]);
  });
});
