import { expect } from 'chai';
import { decideExpireInviteLink, type DomainEvent, type InviteLinkCreated } from '@chat/core';
import { freshModels, project } from '../../support/read-model-fixture.js';
import { storedEvents, T0 } from '../../support/stored-events.js';

const scheduled = (reminder_id: number, deliver_at: number): DomainEvent => ({
  type: 'ReminderScheduled',
  data: { reminder_id, creator_id: 3, message_id: 9, deliver_at, note: '', content: 'c', rendered_content: '<p>c</p>' },
});

const link = (invite_id: number, expires_at: number | null): InviteLinkCreated => ({
  type: 'InviteLinkCreated',
  data: {
    invite_id,
    key_digest: String(invite_id).repeat(64).slice(0, 64),
    creator_id: 4,
    invited_as: 400,
    channel_ids: [],
    group_ids: [],
    include_realm_default_subscriptions: false,
    welcome_message_custom_text: null,
    expires_at,
  },
});

describe('scheduled jobs and reminders projections', function () {
  it('adds a reminder job due at its delivery time and drops it once delivered, failed or deleted', async function () {
    const models = freshModels();
    await project(models, storedEvents([scheduled(1, T0 + 60_000), scheduled(2, T0 + 120_000), scheduled(3, T0), scheduled(4, T0)]));
    expect((await models.scheduledJobs.findMany('kind', 'reminder')).map((job) => [job.key, job.from, job.subject])).to.deep.equal([
      ['reminder:1', T0 + 60_000, { reminder_id: 1 }],
      ['reminder:2', T0 + 120_000, { reminder_id: 2 }],
      ['reminder:3', T0, { reminder_id: 3 }],
      ['reminder:4', T0, { reminder_id: 4 }],
    ]);
    await project(models, storedEvents([
      { type: 'ReminderDelivered', data: { reminder_id: 1, creator_id: 3, delivered_message_id: 20 } },
      { type: 'ReminderDeleted', data: { reminder_id: 2, creator_id: 3 } },
      { type: 'ReminderDeliveryFailed', data: { reminder_id: 3, creator_id: 3, reason: 'creator_deactivated' } },
    ]));
    expect((await models.scheduledJobs.all()).map((job) => job.key)).to.deep.equal(['reminder:4']);
    expect((await models.reminders.findMany('creator_id', 3)).map((r) => [r.reminder_id, r.status])).to.have.deep.members([[3, 'failed'], [4, 'scheduled']]);
  });

  it('adds an expiry job for a link with an expiry, and drops it when revoked or expired', async function () {
    const models = freshModels();
    await project(models, storedEvents([link(1, T0 + 5), link(2, null), link(3, T0 + 9)]));
    expect((await models.scheduledJobs.findMany('kind', 'invite-expiry')).map((job) => [job.key, job.from])).to.deep.equal([
      ['invite-expiry:1', T0 + 5],
      ['invite-expiry:3', T0 + 9],
    ]);
    await project(models, storedEvents([
      { type: 'InviteLinkRevoked', data: { invite_id: 1 } },
      { type: 'InviteLinkExpired', data: { invite_id: 3, expires_at: T0 + 9 } },
    ]));
    expect(await models.scheduledJobs.all()).to.deep.equal([]);
    expect(await models.invites.get(3)).to.equal(undefined);
    expect((await models.invites.get(1))?.revoked).to.equal(true);
  });
});

describe('invitation link expiry decider', function () {
  it('records the expiry once it is due, and only for a link neither revoked nor expired already', function () {
    const expired = { type: 'InviteLinkExpired', data: { invite_id: 1, expires_at: T0 } } as const;
    expect(decideExpireInviteLink([link(1, T0)], T0 - 1)).to.deep.equal([]);
    expect(decideExpireInviteLink([link(1, T0)], T0)).to.deep.equal([expired]);
    expect(decideExpireInviteLink([link(1, T0), expired], T0 + 1)).to.deep.equal([]);
    expect(decideExpireInviteLink([link(1, T0), { type: 'InviteLinkRevoked', data: { invite_id: 1 } }], T0 + 1)).to.deep.equal([]);
    expect(decideExpireInviteLink([link(1, null)], T0 + 1e12)).to.deep.equal([]);
    expect(decideExpireInviteLink([], T0)).to.deep.equal([]);
  });
});
