import { badRequest } from '@chat/core';
import type { CallOf } from '@chat/http';
import { botStorageOf, putBotStorage, removeBotStorage } from '../actions/bot-storage.js';
import { callerUser, originOf } from './call-context.js';
import type { Commands, Reads } from '../dependencies.js';

const keysOf = (params: { keys?: string[] }): string[] | null => params.keys ?? null;

/** GET /bot_storage: the caller's own storage, the keys asked for or all of it. */
export async function getBotStorageEndpoint(ctx: Reads<'botStorage' | 'users'>, call: CallOf<'bot-storage-get'>): Promise<Record<string, unknown>> {
  return { storage: await botStorageOf(ctx, (await callerUser(ctx, call)).user_id, keysOf(call.params)) };
}

/** PUT /bot_storage */
export async function putBotStorageEndpoint(ctx: Commands & Reads<'botStorage' | 'users'>, call: CallOf<'bot-storage-put'>): Promise<Record<string, unknown>> {
  const storage = Object.entries(call.params.storage).map(([key, value]) => {
    if (typeof value !== 'string') throw badRequest(`storage[${JSON.stringify(key)}] is not a string`);
    return { key, value };
  });
  await putBotStorage(ctx, originOf(call), (await callerUser(ctx, call)).user_id, storage);
  return {};
}

/** DELETE /bot_storage: the keys named, or all of them. */
export async function removeBotStorageEndpoint(ctx: Commands & Reads<'botStorage' | 'users'>, call: CallOf<'bot-storage-remove'>): Promise<Record<string, unknown>> {
  await removeBotStorage(ctx, originOf(call), (await callerUser(ctx, call)).user_id, keysOf(call.params));
  return {};
}
