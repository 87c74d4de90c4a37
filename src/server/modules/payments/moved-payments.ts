import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Which caller moved a payment, when several try at once (two sweeps releasing the same holds).
 * `changed` of applyIntentState says whether that call moved it, but the test provider applies its
 * own event inside the provider call that changed the intent (`onEvent`, before cancelIntent
 * returns): the move is then made by the event, and the caller's applyIntentState finds it done.
 * Both belong to the same call: `collectMoves` gathers the moves made under it, the provider's
 * events included, and nothing another caller (or a webhook request) made.
 */

const moves = new AsyncLocalStorage<Set<string>>();

/** Runs `work`, and gives the ids of the payments moved under it (each committed move). */
export async function collectMoves<T>(work: () => Promise<T>): Promise<{ result: T; moved: ReadonlySet<string> }> {
  const moved = new Set<string>();
  const result = await moves.run(moved, work);
  return { result, moved };
}

/** Called once a move is committed (applyIntentState, applyProviderEvent). */
export function noteMove(effect: { payment: { id: string }; changed: boolean } | null | undefined) {
  if (effect?.changed) moves.getStore()?.add(effect.payment.id);
}
