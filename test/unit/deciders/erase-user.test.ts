import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { checkEraseUser, decideEraseUser, deletionGroups, erasedEmail, erasedFullName, erasedInviteeEmail, erasedUser, groupDeleted, Role, subjectsForgottenBy, type AttachmentState, type DomainEvent } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aMessageState } from '../../support/message-state-factory.js';
import { aMember, anAdmin, anOwner, aUser } from '../../support/user-state-factory.js';

const gone = aMember({ user_id: 7, is_active: false, full_name: 'Pat', email: 'pat@example.com', timezone: 'Europe/Paris', profile_data: { '3': 'desk 4' } });
const nothing = { channelIds: [], draftIds: [], snippetIds: [], scheduledMessageIds: [], reminderIds: [], attachments: [], invitations: [] };

describe('erasing a person (decider)', () => {
  it('only an owner erases, only a deactivated person, once; unknown ids, system bots and bots are refused', () => {
    expectApiError(() => checkEraseUser(anAdmin(), gone, 7), { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, mentions: 'Must be an organization owner to erase a user' });
    expectApiError(() => checkEraseUser(anOwner(), undefined, 99), refused("No such user: 'user_id' 99"));
    const systemBot = aUser({ user_id: 2, is_bot: true, email: 'notification-bot@system.invalid', is_active: true });
    expectApiError(() => checkEraseUser(anOwner(), systemBot, 2), refused("No such user: 'user_id' 2"));
    const bot = aUser({ user_id: 8, is_bot: true, bot_owner_id: 7, is_active: false });
    expectApiError(() => checkEraseUser(anOwner(), bot, 8), refused("Invalid 'user_id': 8 is a bot"));
    expectApiError(() => checkEraseUser(anOwner(), { ...gone, is_active: true }, 7), refused("Invalid 'user_id': user 7 is active"));
    expectApiError(() => checkEraseUser(anOwner(), erasedUser(gone), 7), refused("Invalid 'user_id': user 7 has already been erased"));
    expect(checkEraseUser(anOwner(), gone, 7)).to.equal(gone);
  });

  it('appends what they hold, each on its stream, and UserErased last, naming the invitations of their address', () => {
    const file = { id: 40, owner_id: 7, path_id: '1/ab/pat.txt', size: 5 } as AttachmentState;
    const appends = decideEraseUser(gone, 'preserving_messages', {
      channelIds: [3],
      draftIds: [11],
      snippetIds: [12],
      scheduledMessageIds: [13],
      reminderIds: [14],
      attachments: [file],
      invitations: [{ invite_id: 5, pending: false }, { invite_id: 6, pending: true }],
    });
    expect(appends).to.deep.equal([
      { stream: 'channel-3', events: [{ type: 'SubscriptionRemoved', data: { channel_id: 3, user_ids: [7] } }] },
      { stream: 'draft-11', events: [{ type: 'DraftDeleted', data: { draft_id: 11, user_id: 7, discarded: true } }] },
      { stream: 'savedsnippet-12', events: [{ type: 'SavedSnippetDeleted', data: { saved_snippet_id: 12, user_id: 7 } }] },
      { stream: 'scheduledmessage-13', events: [{ type: 'ScheduledMessageDeleted', data: { scheduled_message_id: 13, sender_id: 7 } }] },
      { stream: 'reminder-14', events: [{ type: 'ReminderDeleted', data: { reminder_id: 14, creator_id: 7 } }] },
      { stream: 'attachment-40', events: [{ type: 'AttachmentDeleted', data: { attachment_id: 40, owner_id: 7, path_id: '1/ab/pat.txt', size: 5, reason: 'erasure' } }] },
      { stream: 'emailinvite-6', events: [{ type: 'EmailInvitationRevoked', data: { invite_id: 6 } }] },
      { stream: 'user-7', events: [{ type: 'UserErased', data: { user_id: 7, mode: 'preserving_messages', invitation_ids: [5, 6] } }] },
    ]);
  });

  it('forgets the person and the invitations that named them', () => {
    const [last] = decideEraseUser(gone, 'with_messages', { ...nothing, invitations: [{ invite_id: 5, pending: false }] }).at(-1)!.events;
    expect(subjectsForgottenBy(last as DomainEvent)).to.deep.equal(['user-7', 'invite-5']);
  });

  it('leaves the account with nothing that depends on what it held: placeholders, no password, default settings', () => {
    const changed = { ...gone, settings: { ...gone.settings, enter_sends: true, email_address_visibility: 3 }, pending_email_change: { new_email: 'x@example.com', token_digest: 'd', expires_at: 1 } };
    const erased = erasedUser(changed);
    expect(erased).to.deep.equal(erasedUser(aMember({ user_id: 7, is_active: false })));
    expect(erased).to.include({ user_id: 7, full_name: 'Deleted User 7', email: 'deleteduser7@erased.invalid', timezone: '', password_hash: null, role: Role.Member, erased: true });
    expect(erased.profile_data).to.deep.equal({});
    expect(erased.settings.email_address_visibility).to.equal(1);
  });
});

describe('the placeholders', () => {
  const forgotten = (schema: string, field: string): string => {
    const parsed = JSON.parse(readFileSync(new URL(`../../../schemas/events/${schema}.json`, import.meta.url), 'utf8')) as { properties: Record<string, { 'x-sealed': { forgotten: string } }> };
    return parsed.properties[field]['x-sealed'].forgotten;
  };

  it('are the ones a replay reads once the keys are gone, so the live models equal it', () => {
    expect(forgotten('UserCreated.v1', 'full_name').replace('{user_id}', '7')).to.equal(erasedFullName(7));
    for (const [schema, field] of [['UserCreated.v1', 'email'], ['UserEmailChanged.v1', 'email'], ['UserEmailChangeRequested.v1', 'new_email']]) {
      expect(forgotten(schema, field).replace('{user_id}', '7'), schema).to.equal(erasedEmail(7));
    }
    expect(forgotten('EmailInvitationSent.v1', 'email').replace('{invite_id}', '5')).to.equal(erasedInviteeEmail(5));
  });
});

describe('deletion groups', () => {
  const at = (id: number, recipient = aMessageState().recipient) => aMessageState({ id, recipient });

  it('one group per topic (any case) or conversation, in order of their first message, at most the batch size', () => {
    const lunch = { type: 'channel' as const, channel_id: 10, topic: 'Lunch' };
    const dm = { type: 'direct' as const, user_ids: [7, 9] };
    const messages = [at(5, dm), at(1), at(3, lunch), at(2, dm), at(4)];
    expect(deletionGroups(messages).map((group) => group.map((m) => m.id))).to.deep.equal([[1, 3, 4], [2, 5]]);
    expect(deletionGroups(messages, 2).map((group) => group.map((m) => m.id))).to.deep.equal([[1, 3], [4], [2, 5]]);
  });

  it("records a group under its newest message's place, holders and files ascending, once each", () => {
    const group = [at(3, { type: 'channel', channel_id: 10, topic: 'LUNCH' }), at(1)];
    expect(groupDeleted(group, [9, 7, 9], [4, 2, 4], 'erasure')).to.deep.equal({
      type: 'MessagesDeleted',
      data: { message_ids: [1, 3], recipient: { type: 'channel', channel_id: 10, topic: 'LUNCH' }, holders: [7, 9], attachment_ids: [2, 4], reason: 'erasure' },
    });
  });
});
