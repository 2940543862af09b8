import type { CallOf } from '@chat/http';
import { addAlertWords, alertWordsOf, removeAlertWords } from '../actions/alert-words.js';
import { callerUser, originOf } from './call-context.js';
import type { Commands, Reads } from '../dependencies.js';

/** GET /users/me/alert_words */
export async function getAlertWords(ctx: Reads<'alertWords' | 'users'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  return { alert_words: await alertWordsOf(ctx, (await callerUser(ctx, call)).user_id) };
}

/** POST /users/me/alert_words: answers with the whole list after the change. */
export async function addAlertWordsEndpoint(ctx: Commands & Reads<'alertWords' | 'users'>, call: CallOf<'alert-words-add'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  return { alert_words: await addAlertWords(ctx, originOf(call), user.user_id, call.params.alert_words) };
}

/** DELETE /users/me/alert_words: answers with the whole list after the change. */
export async function removeAlertWordsEndpoint(ctx: Commands & Reads<'alertWords' | 'users'>, call: CallOf<'alert-words-remove'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  return { alert_words: await removeAlertWords(ctx, originOf(call), user.user_id, call.params.alert_words) };
}
