import { decideCreateUser, normalizeEmail, type RoleValue, streams, type UserState } from '@chat/core';
import { claimKey } from '../commands/claims.js';
import type { Origin, StreamAppend } from '../commands/command-bus.js';
import { channelJoinAppends } from './channel-joins.js';
import type { Allocates, Commands, LogReads, Reads, Uses } from '../dependencies.js';

/** What newAccountAppends uses. */
type NewAccountAppendsDeps = LogReads & Reads<'channels' | 'subscriptions' | 'users'>;
/** What createUser uses. */
type CreateUserDeps = Commands & Allocates & LogReads & Reads<'channels' | 'subscriptions' | 'users'> & Uses<'passwords'>;

export interface CreateUserInput {
  email: string;
  password: string | null;
  full_name: string;
  role?: RoleValue;
  can_change_user_emails?: boolean;
  /** Channels to join besides the default ones (an invitation's). */
  channel_ids?: readonly number[];
  /** Whether the organization's default channels are joined too (default true; an invitation may say no). */
  join_default_channels?: boolean;
}

/** A new account as decided before the command runs: its id and password hash are fixed once, so a retry decides the same. */
export interface NewAccount extends CreateUserInput {
  email: string;
  user_id: number;
  password_hash: string | null;
}

/**
 * Fixes the new account's id and hashes its password (slow, so outside the command). `hashed`: the
 * password's hash when the caller began it earlier (a first start hashes the owner's meanwhile).
 */
export async function prepareAccount(ctx: Allocates & Uses<'passwords'>, input: CreateUserInput, hashed?: Promise<string>): Promise<NewAccount> {
  const password_hash = input.password === null ? null : await (hashed ?? ctx.passwords.hash(input.password));
  return { ...input, email: normalizeEmail(input.email), user_id: await ctx.ids.next('user'), password_hash };
}

/**
 * The appends that create an account: the address claim, the user, and its channel joins. An address
 * held by this very account is not "taken": a request retried after a conflict on a later stream
 * finds its own first attempt, whose events are then recognised by their ids and not doubled.
 */
export async function newAccountAppends(ctx: NewAccountAppendsDeps, actor: UserState | null, account: NewAccount): Promise<StreamAppend[]> {
  const { email, user_id } = account;
  const holder = await ctx.models.users.findOne('email', email);
  const emailTaken = holder !== undefined && holder.user_id !== user_id;
  const events = decideCreateUser({ actor, emailTaken }, account);
  const claim = await claimKey(ctx.store, 'email', email, user_id, `Email '${email}' already in use`);
  const joinDefaults = account.join_default_channels ?? true;
  const chosen = account.channel_ids ?? [];
  const joins = await channelJoinAppends(ctx, [user_id], (channel) => (joinDefaults && channel.is_default) || chosen.includes(channel.channel_id));
  return [claim, { stream: streams.user(user_id), expected: 'no_stream', events }, ...joins];
}

/** Creates an account: reserves the address, then records the user. Returns the new user id. */
export async function createUser(ctx: CreateUserDeps, origin: Origin, input: CreateUserInput, hashed?: Promise<string>): Promise<number> {
  const account = await prepareAccount(ctx, input, hashed);
  return ctx.bus.run(origin, async () => {
    const actor = origin.actorId === null ? null : ((await ctx.models.users.get(origin.actorId)) ?? null);
    return { appends: await newAccountAppends(ctx, actor, account), result: account.user_id };
  });
}
