import { lifecycleOf, type LifecycleFacts } from '../../src/lookup/keeping/Lifecycle.js';

// The lookup's lifecycle, decided in one place from what the keeper knows: each phase, and what
// /ready, the loading gate and `check` are told in it.

const NOW = Date.UTC(2026, 10, 29, 8, 0, 0);
const facts = (change: Partial<LifecycleFacts>): LifecycleFacts => ({
  withIndex: true,
  index: undefined,
  building: undefined,
  failure: undefined,
  retry: undefined,
  emptyRebuild: undefined,
  noConceptInStore: undefined,
  created: NOW - 1000,
  refreshSeconds: 3600,
  now: NOW,
  ...change,
});
const progress = { progress: '10 of 100 triples read (10%) in 1 s', secondsLeft: 9, expected: 100, sized: true, started: NOW - 1000 };

describe('the lookup lifecycle', () => {
  test('starts with no index and no build: not ready, keystrokes held by the gate as for a build of unknown size', () => {
    const { phase, notReady, loading } = lifecycleOf(facts({}));
    expect([phase, notReady]).toEqual(['starting', 'the label index is not built yet']);
    expect(loading).toMatchObject({ expected: 0, sized: false, started: NOW - 1000 });
  });

  test('builds: not ready, saying how far the build got, the gate told the same', () => {
    const state = lifecycleOf(facts({ building: { says: 'reading labels: 10 of 100', loading: progress } }));
    expect(state).toEqual({ phase: 'building', notReady: 'reading labels: 10 of 100', loading: progress });
  });

  test('waits for a store that cannot be reached, saying when it asks again', () => {
    const state = lifecycleOf(facts({ failure: 'connection refused', retry: { tries: 3, at: NOW + 4000 } }));
    expect(state.phase).toBe('waiting for the store');
    expect(state.notReady).toBe(
      'waiting for the store to answer (connection refused): the label index is built once it does; asked again in 4 s (3 tries so far)',
    );
    expect(state.loading?.secondsLeft).toBe(5);
  });

  test('answers from an index, from an older one after a failed rebuild (saying so), and rebuilds while it answers', () => {
    const index = { built: NOW - 60_000 };
    expect(lifecycleOf(facts({ index }))).toEqual({ phase: 'answering from an index', behind: undefined });
    expect(lifecycleOf(facts({ index, failure: 'timeout' })).behind).toMatch(/^the last build of the label index failed \(timeout\)/);
    expect(lifecycleOf(facts({ index, building: { says: 'reading', loading: undefined } })).phase).toBe('rebuilding');
    // an index answers: no gate, ready
    expect(lifecycleOf(facts({ index, building: { says: 'reading', loading: progress } }))).not.toHaveProperty('loading');
  });

  test('answers from the store without the index, and after a first build failed (slower, said as degraded)', () => {
    expect(lifecycleOf(facts({ withIndex: false }))).toEqual({ phase: 'answering from the store' });
    const degraded = lifecycleOf(facts({ failure: 'out of memory' }));
    expect(degraded.phase).toBe('answering from the store');
    expect(degraded.notReady).toBeUndefined();
    expect(degraded.degraded).toMatch(/^the label index could not be built \(out of memory\)/);
  });

  test('fails where there is nothing to serve: an index of no concept, or a store that holds none', () => {
    expect(lifecycleOf(facts({ index: { built: NOW, noConcepts: 'no concept in the graphs read' } }))).toEqual({
      phase: 'failed',
      notReady: 'no concept in the graphs read',
    });
    expect(lifecycleOf(facts({ withIndex: false, noConceptInStore: 'the store holds no concept' }))).toEqual({
      phase: 'failed',
      notReady: 'the store holds no concept',
    });
  });
});
