import { expect } from 'chai';
import type { DomainEvent } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import { freshModels, project } from '../../support/read-model-fixture.js';
import { storedEvents, T0 } from '../../support/stored-events.js';

const token = (user_id: number): DomainEvent => ({
  type: 'PushTokenAdded',
  data: { user_id, token_kind: 'fcm', token_digest: `digest-${user_id}`, token_ciphertext: 'sealed', ios_app_id: null },
});
const registered = (user_id: number, status: 'active' | 'failed'): DomainEvent => ({
  type: 'PushDeviceRegistered',
  data: {
    user_id,
    push_account_id: 1,
    token_kind: 'fcm',
    push_public_key: 'key',
    bouncer_public_key: 'bouncer',
    registration_digest: 'digest',
    status,
    bouncer_device_id: status === 'active' ? 'device' : null,
    error_code: status === 'active' ? null : 'REFUSED',
  },
});
const sent = (message_id: number, sender_id: number, receivers: number[]): DomainEvent => ({
  type: 'MessageSent',
  data: {
    message_id,
    sender_id,
    recipient: { type: 'direct', user_ids: receivers },
    content: 'hi',
    rendered_content: '<p>hi</p>',
    is_me_message: false,
    receivers,
    read: [sender_id],
    flags: { mentioned: [], stream_wildcard_mentioned: [], topic_wildcard_mentioned: [], has_alert_word: [] },
  },
});

describe('message push jobs projection', function () {
  it('keeps the users with a token or an active registration, ascending', async function () {
    const models = freshModels();
    await project(models, storedEvents([token(8), registered(3, 'active'), registered(5, 'failed'), token(8)]));
    expect(await models.pushUsers.get(REALM_KEY)).to.deep.equal({ user_ids: [3, 8] });
    await project(models, storedEvents([{ type: 'PushTokenRemoved', data: { user_id: 8, token_kind: 'fcm', token_digest: 'digest-8' } }]));
    expect(await models.pushUsers.get(REALM_KEY)).to.deep.equal({ user_ids: [3] });
  });

  it('adds a job per message listing the receivers with devices but the sender, and none when there are none', async function () {
    const models = freshModels();
    await project(models, storedEvents([token(3), token(8), sent(1, 3, [3, 5, 8]), sent(2, 3, [3, 5]), sent(3, 8, [3, 8])]));
    expect((await models.scheduledJobs.findMany('kind', 'message-push')).map((job) => [job.key, job.from, job.subject])).to.deep.equal([
      ['message-push:1', T0 + 3000, { message_id: 1, user_ids: '8' }],
      ['message-push:3', T0 + 5000, { message_id: 3, user_ids: '3' }],
    ]);
  });

  it('ends the job when the pushes are recorded as sent or given up, or the message is deleted', async function () {
    const models = freshModels();
    await project(models, storedEvents([token(8), sent(1, 3, [3, 8]), sent(2, 3, [3, 8]), sent(3, 3, [3, 8]), sent(4, 3, [3, 8])]));
    const failure = (message_id: number, gave_up: boolean): DomainEvent => ({
      type: 'MessagePushFailed',
      data: { message_id, attempt: 1, user_ids: [], failed_user_ids: [8], error_code: 'FAILED_TO_CONNECT_BOUNCER', gave_up },
    });
    await project(models, storedEvents([
      { type: 'MessagePushesSent', data: { message_id: 1, user_ids: [8] } },
      failure(2, false),
      failure(3, true),
      { type: 'MessagesDeleted', data: { message_ids: [4], recipient: { type: 'direct', user_ids: [3, 8] }, holders: [3, 8], attachment_ids: [], reason: 'deleted' } },
    ]));
    expect((await models.scheduledJobs.all()).map((job) => job.key)).to.deep.equal(['message-push:2']);
  });
});
