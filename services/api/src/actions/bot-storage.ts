import { type BotStorageEntry, decidePutBotStorage, decideRemoveBotStorage, readBotStorage } from '@chat/core';
import type { Origin } from '../commands/command-bus.js';
import { userStreamAppends } from '../commands/user-stream-append.js';
import type { Commands, Reads } from '../dependencies.js';

/** What the storage actions use. */
type BotStorageDeps = Commands & Reads<'botStorage'>;

const entriesOf = async (ctx: Reads<'botStorage'>, userId: number): Promise<BotStorageEntry[]> => (await ctx.models.botStorage.get(userId))?.entries ?? [];

/** The answer's `storage`: an object of own properties only, whatever the keys are. */
const asObject = (entries: readonly BotStorageEntry[]): Record<string, string> => Object.fromEntries(entries.map(({ key, value }) => [key, value]));

/** GET /bot_storage */
export async function botStorageOf(ctx: Reads<'botStorage'>, userId: number, keys: readonly string[] | null): Promise<Record<string, string>> {
  return asObject(readBotStorage(await entriesOf(ctx, userId), keys));
}

/** PUT /bot_storage */
export async function putBotStorage(ctx: BotStorageDeps, origin: Origin, userId: number, storage: readonly BotStorageEntry[]): Promise<void> {
  await ctx.bus.run(origin, async () => ({ appends: await userStreamAppends(userId, decidePutBotStorage(userId, await entriesOf(ctx, userId), storage)), result: undefined }));
}

/** DELETE /bot_storage */
export async function removeBotStorage(ctx: BotStorageDeps, origin: Origin, userId: number, keys: readonly string[] | null): Promise<void> {
  await ctx.bus.run(origin, async () => ({ appends: await userStreamAppends(userId, decideRemoveBotStorage(userId, await entriesOf(ctx, userId), keys)), result: undefined }));
}
