import { expect } from 'chai';
import type { DomainEvent } from '@chat/core';
import { freshModels, project } from '../../support/read-model-fixture.js';
import { storedEvents, T0 } from '../../support/stored-events.js';

const DIGEST = 'ef'.repeat(32);

const created = (invite_id: number, key_digest = DIGEST): DomainEvent => ({
  type: 'InviteLinkCreated',
  data: {
    invite_id,
    key_digest,
    creator_id: 4,
    invited_as: 600,
    channel_ids: [10],
    group_ids: [30],
    include_realm_default_subscriptions: true,
    welcome_message_custom_text: null,
    expires_at: T0 + 86_400_000,
  },
});

describe('invites projection', function () {
  it('holds a link as created, dated from the event metadata, found by its key digest', async function () {
    const models = freshModels();
    await project(models, storedEvents([created(1)], () => T0 + 500));
    const expected = {
      id: 1,
      key_digest: DIGEST,
      creator_id: 4,
      invited_as: 600,
      channel_ids: [10],
      group_ids: [30],
      include_realm_default_subscriptions: true,
      welcome_message_custom_text: null,
      created_at: T0 + 500,
      expires_at: T0 + 86_400_000,
      revoked: false,
    };
    expect(await models.invites.get(1)).to.deep.equal(expected);
    expect(await models.invites.findOne('key_digest', DIGEST)).to.deep.equal(expected);
    expect(await models.invites.findMany('creator_id', 4)).to.have.length(1);
  });

  it('marks a revoked link, and leaves a link alone when it is used', async function () {
    const models = freshModels();
    await project(models, storedEvents([
      created(1),
      created(2, '01'.repeat(32)),
      { type: 'InviteLinkUsed', data: { invite_id: 1, user_id: 9 } },
      { type: 'InviteLinkRevoked', data: { invite_id: 2 } },
    ]));
    expect((await models.invites.get(1))?.revoked).to.equal(false);
    expect((await models.invites.get(2))?.revoked).to.equal(true);
  });
});
