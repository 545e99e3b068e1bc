import type { Loading } from './LoadingGate.js';

/**
 * The states of the lookup, one at a time, in the order a start goes through them:
 * - `starting`: the first reads of the store are under way, no index and no build yet;
 * - `waiting for the store`: it could not be reached; the build is tried again, sooner and sooner;
 * - `building`: the first label index is being built; keystrokes go through the loading gate;
 * - `answering from an index`: the label index answers;
 * - `rebuilding`: an index answers while a newer one is built (the store changed, or SIGHUP);
 * - `answering from the store`: its queries answer (LABEL_INDEX=off, or a build failed);
 * - `failed`: there is nothing to serve (the store holds no concept): not ready.
 */
export type Phase =
  'starting' | 'waiting for the store' | 'building' | 'answering from an index' | 'rebuilding' | 'answering from the store' | 'failed';

/** The lookup's state as the keeper, the loading gate and /ready read it: its phase, and what it says. */
export interface Lifecycle {
  readonly phase: Phase;
  /** Why it is not ready (/ready's 503): while starting, waiting, building, and when failed. */
  readonly notReady?: string | undefined;
  /** How far the first build got, for the loading gate: while no index answers and no build failed. */
  readonly loading?: Loading | undefined;
  /** Why it answers below full speed: no index, since the last build failed. */
  readonly degraded?: string | undefined;
  /** Why an older index answers: the last build of a newer one failed, or found nothing to serve. */
  readonly behind?: string | undefined;
}

/** What the keeper knows of the vocabulary, from which its lifecycle follows (`lifecycleOf`). */
export interface LifecycleFacts {
  /** LABEL_INDEX is on. */
  readonly withIndex: boolean;
  /** An index answers: when it was built, and why it serves nothing where it does not. */
  readonly index: { readonly built: number; readonly noConcepts?: string | undefined } | undefined;
  /** A build runs: what it is doing, and how far it got. */
  readonly building: { readonly says: string; readonly loading: Loading | undefined } | undefined;
  /** Why the last build failed, where it did. */
  readonly failure: string | undefined;
  /** While the store cannot be reached: the tries so far and when the next comes. */
  readonly retry: { readonly tries: number; readonly at: number } | undefined;
  /** The last build found nothing to serve, and the index that served was kept: why. */
  readonly emptyRebuild: string | undefined;
  /** Without an index: the store holds no concept (why, and what to check). */
  readonly noConceptInStore: string | undefined;
  /** When the keeper was made: the start of the wait for the first build. */
  readonly created: number;
  /** LABEL_INDEX_REFRESH_SECONDS, for what the messages say of the next try. */
  readonly refreshSeconds: number;
  readonly now: number;
}

/**
 * The lifecycle that `facts` make: each state and each of its messages decided here, in one
 * place, from the keeper's facts (VocabularyKeeper.lifecycle).
 */
export function lifecycleOf(facts: LifecycleFacts): Lifecycle {
  const { index, building, failure, retry } = facts;
  // a build that has not counted what it reads yet (the start's first reads of a cold store may
  // take seconds, or the store does not answer): of unknown size, the gate asks the store nothing
  const unsized = (progress: string, secondsLeft: number): Loading => ({
    progress,
    secondsLeft,
    expected: 0,
    sized: false,
    started: facts.created,
  });
  const notStarted = unsized('not started yet: the store is asked what it holds first', 5);
  if (!facts.withIndex)
    return facts.noConceptInStore === undefined
      ? { phase: 'answering from the store' }
      : { phase: 'failed', notReady: facts.noConceptInStore };
  if (index !== undefined) {
    if (index.noConcepts !== undefined) return { phase: 'failed', notReady: index.noConcepts };
    if (building !== undefined) return { phase: 'rebuilding', behind: facts.emptyRebuild };
    const behind =
      facts.emptyRebuild ??
      (failure === undefined
        ? undefined
        : `the last build of the label index failed (${failure}): answers come from the index built ${new Date(index.built).toISOString()} until a build succeeds (tried again within LABEL_INDEX_REFRESH_SECONDS, ${facts.refreshSeconds} s, or on SIGHUP)`);
    return { phase: 'answering from an index', behind };
  }
  if (retry !== undefined) {
    const seconds = Math.max(0, Math.ceil((retry.at - facts.now) / 1000));
    const says =
      `waiting for the store to answer (${failure ?? 'no answer'}): the label index is built once it does; ` +
      `asked again ${seconds === 0 ? 'now' : `in ${seconds} s`} (${retry.tries} ${retry.tries === 1 ? 'try' : 'tries'} so far)`;
    return {
      phase: building === undefined ? 'waiting for the store' : 'building',
      notReady: building?.says ?? says,
      loading: building?.loading ?? unsized(says, (retry.at - facts.now) / 1000 + 1),
    };
  }
  if (building !== undefined)
    return { phase: 'building', notReady: building.says, loading: building.loading ?? (failure === undefined ? notStarted : undefined) };
  if (failure !== undefined)
    return {
      phase: 'answering from the store',
      degraded:
        `the label index could not be built (${failure}): /search and /suggest answer from the store's queries, slower, ` +
        `until a build succeeds; the next is tried within LABEL_INDEX_REFRESH_SECONDS (${facts.refreshSeconds} s) or on SIGHUP. The log says more.`,
    };
  return { phase: 'starting', notReady: 'the label index is not built yet', loading: notStarted };
}
