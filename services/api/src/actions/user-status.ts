import { decideUpdateUserStatus, NO_STATUS, type UpdateUserStatus, type UserState, type UserStatusState } from '@chat/core';
import type { ReadModels } from '@chat/projections';
import type { Origin } from '../commands/command-bus.js';
import { userStreamAppends } from '../commands/user-stream-append.js';
import { checkedEmoji, customEmojiOf } from './emoji-catalog.js';
import type { Commands, Uses } from '../dependencies.js';

/** A status as the public API shows it: only the parts that are set (`away` for users who turned presence off). */
export function userStatusView(user: UserState, status: UserStatusState | undefined): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  if (!user.settings.presence_enabled) view.away = true;
  if (status && status.status_text !== '') view.status_text = status.status_text;
  if (status && status.emoji_name !== '') Object.assign(view, { emoji_name: status.emoji_name, emoji_code: status.emoji_code, reaction_type: status.reaction_type });
  return view;
}

/** The statuses of every active user who has one, by user id. */
export async function userStatusesOf(models: ReadModels, users: Iterable<UserState>): Promise<Record<string, Record<string, unknown>>> {
  const statuses = new Map((await models.userStatuses.all()).map((status) => [status.user_id, status]));
  const all: Record<string, Record<string, unknown>> = {};
  for (const user of users) {
    if (!user.is_active) continue;
    const view = userStatusView(user, statuses.get(user.user_id));
    if (Object.keys(view).length > 0) all[String(user.user_id)] = view;
  }
  return all;
}

/**
 * POST /users/me/status (and an administrator's POST /users/{id}/status): the change goes to the
 * target's stream; the emoji is checked against the organization's emoji.
 */
export async function updateUserStatus(ctx: Commands & Uses<'models'>, origin: Origin, target: UserState, request: UpdateUserStatus): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const current = (await ctx.models.userStatuses.get(target.user_id)) ?? NO_STATUS;
    const customEmoji = await customEmojiOf(ctx.models);
    const events = decideUpdateUserStatus({ user_id: target.user_id, presence_enabled: target.settings.presence_enabled }, current, request, (choice) => checkedEmoji(customEmoji, choice));
    return { appends: await userStreamAppends(target.user_id, events), result: undefined };
  });
}
