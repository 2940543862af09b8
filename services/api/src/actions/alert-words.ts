import { type AlertWordsDecision, decideAddAlertWords, decideRemoveAlertWords } from '@chat/core';
import type { Origin } from '../commands/command-bus.js';
import { userStreamAppends } from '../commands/user-stream-append.js';
import type { Commands, Reads } from '../dependencies.js';

/** What changeAlertWords uses. */
type ChangeAlertWordsDeps = Commands & Reads<'alertWords'>;

/** The user's alert words, in the order they were added. */
export async function alertWordsOf(ctx: Reads<'alertWords'>, userId: number): Promise<string[]> {
  return (await ctx.models.alertWords.get(userId))?.alert_words ?? [];
}

/** Decides a change of the user's alert words from their current list; appends to the user's stream when it changes. */
async function changeAlertWords(ctx: ChangeAlertWordsDeps, origin: Origin, userId: number, decide: (current: readonly string[]) => AlertWordsDecision): Promise<string[]> {
  return ctx.bus.run(origin, async () => {
    const decision = decide(await alertWordsOf(ctx, userId));
    return { appends: await userStreamAppends(userId, decision.events), result: decision.alert_words };
  });
}

/** POST /users/me/alert_words */
export const addAlertWords = (ctx: ChangeAlertWordsDeps, origin: Origin, userId: number, words: readonly string[]): Promise<string[]> =>
  changeAlertWords(ctx, origin, userId, (current) => decideAddAlertWords(userId, current, words));

/** DELETE /users/me/alert_words */
export const removeAlertWords = (ctx: ChangeAlertWordsDeps, origin: Origin, userId: number, words: readonly string[]): Promise<string[]> =>
  changeAlertWords(ctx, origin, userId, (current) => decideRemoveAlertWords(userId, current, words));

/**
 * The alert words of the receivers among users who have any. One scan of the collection: few users
 * set alert words, so this reads less than a lookup per receiver of a large channel would.
 */
export async function receiversAlertWords(ctx: Reads<'alertWords'>, receivers: ReadonlySet<number>): Promise<Map<number, readonly string[]>> {
  const words = new Map<number, readonly string[]>();
  for (const doc of await ctx.models.alertWords.all()) if (receivers.has(doc.user_id)) words.set(doc.user_id, doc.alert_words);
  return words;
}
