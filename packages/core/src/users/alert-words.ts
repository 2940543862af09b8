import { badRequest } from '../errors.js';
import type { UserAlertWordsChanged } from '../events/alert-word-events.js';

/** A user's alert words as the read model keeps them (users without any have no document). */
export interface AlertWordsState {
  user_id: number;
  alert_words: string[];
}

/** The longest alert word (or phrase) a user may add, in characters, as in the public API. */
export const MAX_ALERT_WORD_LENGTH = 100;

/** What adding or removing alert words leads to: the list the response shows, and the event if it changed. */
export interface AlertWordsDecision {
  alert_words: string[];
  events: UserAlertWordsChanged[];
}

const sameWord = (word: string): string => word.toLowerCase();

function decided(userId: number, before: readonly string[], after: string[]): AlertWordsDecision {
  const changed = after.length !== before.length || after.some((word, index) => word !== before[index]);
  return { alert_words: after, events: changed ? [{ type: 'UserAlertWordsChanged', data: { user_id: userId, alert_words: after } }] : [] };
}

/**
 * POST /users/me/alert_words: each word is trimmed and blank ones dropped; words compare without
 * regard to case, so one the user has already is ignored, and of several equal new ones the last
 * spelling is kept (in the place of the first). Nothing is recorded when nothing is new.
 */
export function decideAddAlertWords(userId: number, current: readonly string[], words: readonly string[]): AlertWordsDecision {
  words.forEach((word, index) => {
    if ([...word].length > MAX_ALERT_WORD_LENGTH) throw badRequest(`alert_words[${index}] is too long (limit: ${MAX_ALERT_WORD_LENGTH} characters)`);
  });
  const known = new Set(current.map(sameWord));
  const added = new Map<string, string>();
  for (const word of words.map((each) => each.trim()).filter((each) => each !== '')) {
    if (!known.has(sameWord(word))) added.set(sameWord(word), word);
  }
  return decided(userId, current, [...current, ...added.values()]);
}

/** DELETE /users/me/alert_words: removes the words named, without regard to case; unknown ones are ignored. */
export function decideRemoveAlertWords(userId: number, current: readonly string[], words: readonly string[]): AlertWordsDecision {
  const removed = new Set(words.map((word) => sameWord(word.trim())));
  return decided(userId, current, current.filter((word) => !removed.has(sameWord(word))));
}
