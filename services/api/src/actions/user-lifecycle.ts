import {
  type BotOwnerChanged,
  type Clock,
  decideDeactivateBot,
  decideDeactivateOwnUser,
  decideDeactivateUser,
  decideReactivateUser,
  decideRevokeInvitationsOf,
  type EmailInvitationState,
  type InviteLinkState,
  type LifecycleContext,
  ownersChanged,
  Role,
  streams, type UserDeactivated, type UserReactivated,
  type UserState,
} from '@chat/core';
import type { EventStore } from '@chat/eventstore';
import { REALM_KEY, type ReadModels } from '@chat/projections';
import type { QueueRegistry } from '@chat/realtime';
import { AS_READ, type CommandBus, type Origin, type StreamAppend } from '../commands/command-bus.js';
import type { Mailer } from '../mail/mailer.js';

/** What deactivating and reactivating use. */
export interface LifecycleDeps {
  bus: CommandBus;
  store: EventStore;
  models: ReadModels;
  queues: QueueRegistry;
  mailer: Mailer;
  clock: Clock;
}

type Decide<E> = (ctx: LifecycleContext) => E[];

/** What else a lifecycle decision appends, decided from its events (read in the same attempt). */
type Consequences<E> = (events: readonly E[]) => Promise<StreamAppend[]>;

/**
 * The invitations the deactivated accounts sent that still work are revoked in the same command, as
 * the public server does; each revocation expects its invitation's stream as read.
 */
async function invitationRevocations(deps: LifecycleDeps, events: readonly UserDeactivated[]): Promise<StreamAppend[]> {
  const links: InviteLinkState[] = [];
  const emailInvitations: EmailInvitationState[] = [];
  for (const event of events) {
    links.push(...(await deps.models.invites.findMany('creator_id', event.data.user_id)));
    emailInvitations.push(...(await deps.models.emailInvitations.findMany('creator_id', event.data.user_id)));
  }
  return decideRevokeInvitationsOf(events, { links, emailInvitations }, deps.clock.now()).map((revocation) => ({
    stream: revocation.kind === 'link' ? streams.invite(revocation.event.data.invite_id) : streams.emailInvitation(revocation.event.data.invite_id),
    expected: AS_READ,
    events: [revocation.event],
  }));
}

/**
 * Decides from the users as read and appends each account's event to its own stream. The subject's
 * revision is read before the users, so a change to it made meanwhile fails the append and the
 * command decides again.
 */
async function runLifecycle<E extends UserDeactivated | UserReactivated | BotOwnerChanged>(
  deps: LifecycleDeps,
  origin: Origin,
  actorId: number,
  subjectId: number,
  decide: Decide<E>,
  consequences?: Consequences<E>,
): Promise<E[]> {
  return deps.bus.run(origin, async () => {
    const subjectExpected = AS_READ;
    const users = new Map((await deps.models.users.all()).map((user): [number, UserState] => [user.user_id, user]));
    const actor = users.get(actorId);
    if (!actor) throw new Error(`user ${actorId} vanished`);
    const groups = new Map((await deps.models.userGroups.all()).map((group) => [group.id, group]));
    const realm = await deps.models.realmGroupSettings.get(REALM_KEY);
    if (!realm) throw new Error('organization not initialised');
    const events = decide({ actor, users, groups, realm });
    const appends: StreamAppend[] = [];
    // Taking an owner away also moves the owners' guard stream as read: see docs/topics/decisions.md.
    const owners = [...users.values()].filter((user) => user.is_active && user.role === Role.Owner).map((user) => user.user_id);
    const guard = ownersChanged(owners, events, (id) => users.get(id)?.role);
    if (guard) appends.push({ stream: streams.realmOwners(), expected: AS_READ, events: [guard] });
    // One append per account: a reactivated bot's owner change goes with its reactivation.
    const byUser = new Map<number, E[]>();
    for (const event of events) byUser.set(event.data.user_id, [...(byUser.get(event.data.user_id) ?? []), event]);
    for (const [userId, own] of byUser) {
      appends.push({ stream: streams.user(userId), expected: userId === subjectId ? subjectExpected : AS_READ, events: own });
    }
    if (consequences) appends.push(...(await consequences(events)));
    return { appends, result: events };
  });
}

/** Deactivation takes effect at once: the accounts' queues are dropped (held polls answered) and the user told by mail if asked. */
async function afterDeactivation(deps: LifecycleDeps, events: readonly UserDeactivated[]): Promise<void> {
  for (const event of events) await deps.queues.removeAllOf(event.data.user_id);
  const [own] = events;
  if (!own || own.data.notification_comment === null) return;
  const user = await deps.models.users.get(own.data.user_id);
  if (!user) return;
  const realm = (await deps.models.realm.get(REALM_KEY))?.name ?? 'the organization';
  const note = own.data.notification_comment === '' ? '' : `\nA note from the administrator:\n\n${own.data.notification_comment}\n`;
  await deps.mailer.send({ to: user.email, subject: `Your account on ${realm} has been deactivated`, body: `Your account on ${realm} has been deactivated.\n${note}` });
}

/** DELETE /users/{user_id} */
export async function deactivateUser(deps: LifecycleDeps, origin: Origin, actorId: number, userId: number, comment: string | null): Promise<void> {
  await afterDeactivation(deps, await runLifecycle(deps, origin, actorId, userId, (ctx) => decideDeactivateUser(ctx, userId, comment), (events) => invitationRevocations(deps, events)));
}

/** DELETE /users/me */
export async function deactivateOwnUser(deps: LifecycleDeps, origin: Origin, userId: number): Promise<void> {
  await afterDeactivation(deps, await runLifecycle(deps, origin, userId, userId, (ctx) => decideDeactivateOwnUser(ctx), (events) => invitationRevocations(deps, events)));
}

/** DELETE /bots/{bot_id} */
export async function deactivateBot(deps: LifecycleDeps, origin: Origin, actorId: number, botId: number): Promise<void> {
  await afterDeactivation(deps, await runLifecycle(deps, origin, actorId, botId, (ctx) => decideDeactivateBot(ctx, botId)));
}

/** POST /users/{user_id}/reactivate */
export async function reactivateUser(deps: LifecycleDeps, origin: Origin, actorId: number, userId: number): Promise<void> {
  await runLifecycle(deps, origin, actorId, userId, (ctx) => decideReactivateUser(ctx, userId));
}
