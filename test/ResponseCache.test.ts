import { rendered, ResponseCache } from '../src/http/ResponseCache.js';

const body = (size: number, mark: string) => async () => rendered({ text: mark.repeat(size) });

describe('the result cache', () => {
  test('keeps answers within its byte budget, dropping the least recently used first', async () => {
    const cache = new ResponseCache(1000, 100_000, 60);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, body(20_000, key)); // ~40 kB each as UTF-16
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(['a', 'b', 'c', 'd'].map((key) => cache.kept(key) !== undefined)).toEqual([false, false, true, true]);
  });

  test('serves an answer larger than the whole budget without keeping it', async () => {
    const cache = new ResponseCache(1000, 10_000, 60);
    const answer = await cache.get('big', body(50_000, 'x'));
    expect(answer.body).toHaveLength(50_000 + '{"text":""}'.length);
    expect(cache.kept('big') !== undefined).toBe(false);
    expect(cache.bytes).toBe(0);
  });

  test('keeps at most its number of entries, however small they are', async () => {
    const cache = new ResponseCache(2, 10_000_000, 60);
    for (const key of ['a', 'b', 'c']) await cache.get(key, body(1, key));
    expect(['a', 'b', 'c'].map((key) => cache.kept(key) !== undefined)).toEqual([false, true, true]);
  });
});
