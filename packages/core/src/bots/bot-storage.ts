import { badRequest } from '../errors.js';
import type { BotStorageChanged, BotStorageEntry } from '../events/bot-events.js';

/** A user's storage as the read model keeps it (users without any have no document). */
export interface BotStorageState {
  user_id: number;
  /** In the order the keys were first set; as pairs, since keys are any text (a read store may not take them as field names). */
  entries: BotStorageEntry[];
}

/** The most characters (keys and values together) one user may store: the public server's USER_STATE_SIZE_LIMIT. */
export const BOT_STORAGE_SIZE_LIMIT = 10_000_000;

const keyMissing = () => badRequest('Key does not exist.');

/** Characters as the public server counts them (code points, not UTF-16 units). */
export function characterCount(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}

const entrySize = (entry: BotStorageEntry): number => characterCount(entry.key) + characterCount(entry.value);
const asMap = (current: readonly BotStorageEntry[]): Map<string, string> => new Map(current.map((entry) => [entry.key, entry.value]));

/**
 * PUT /bot_storage: sets each key to its value. Refused whole when the storage would then hold more
 * than BOT_STORAGE_SIZE_LIMIT characters, with the public server's message; nothing is recorded
 * when every value is already what it would be set to.
 */
export function decidePutBotStorage(userId: number, current: readonly BotStorageEntry[], storage: readonly BotStorageEntry[]): BotStorageChanged[] {
  const held = asMap(current);
  let size = 0;
  for (const entry of current) size += entrySize(entry);
  for (const entry of storage) {
    const before = held.get(entry.key);
    size += entrySize(entry) - (before === undefined ? 0 : entrySize({ key: entry.key, value: before }));
  }
  if (size > BOT_STORAGE_SIZE_LIMIT) {
    throw badRequest(`Request exceeds storage limit by ${size - BOT_STORAGE_SIZE_LIMIT} characters. The limit is ${BOT_STORAGE_SIZE_LIMIT} characters.`);
  }
  const set = storage.filter((entry) => held.get(entry.key) !== entry.value);
  return set.length === 0 ? [] : [{ type: 'BotStorageChanged', data: { user_id: userId, set: set.map(({ key, value }) => ({ key, value })), removed: [] } }];
}

/** GET /bot_storage: the values of the keys named (all of them when none are), refused when one is not set. */
export function readBotStorage(current: readonly BotStorageEntry[], keys: readonly string[] | null): BotStorageEntry[] {
  if (keys === null || keys.length === 0) return [...current];
  const held = asMap(current);
  return keys.map((key) => {
    const value = held.get(key);
    if (value === undefined) throw keyMissing();
    return { key, value };
  });
}

/** DELETE /bot_storage: removes the keys named (all of them when none are); refused whole when one is not set. */
export function decideRemoveBotStorage(userId: number, current: readonly BotStorageEntry[], keys: readonly string[] | null): BotStorageChanged[] {
  const held = asMap(current);
  const removed = keys === null || keys.length === 0 ? [...held.keys()] : keys;
  // As the public server counts: a key named twice is one row, so the request names a key that is not there.
  if (new Set(removed.filter((key) => held.has(key))).size < removed.length) throw keyMissing();
  return removed.length === 0 ? [] : [{ type: 'BotStorageChanged', data: { user_id: userId, set: [], removed: [...removed] } }];
}

/** The storage after a change: set keys keep their place (new ones go last), removed ones go. */
export function applyBotStorageChange(current: readonly BotStorageEntry[], change: BotStorageChanged['data']): BotStorageEntry[] {
  const held = asMap(current);
  for (const { key, value } of change.set) held.set(key, value);
  for (const key of change.removed) held.delete(key);
  return [...held].map(([key, value]) => ({ key, value }));
}
