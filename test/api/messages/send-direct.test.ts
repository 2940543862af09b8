import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { expectNothingRecorded } from '../../support/channel-requests.js';
import { systemGroupIds } from '../../support/group-requests.js';
import { numberField, objectField, stringField } from '../../support/json-fields.js';
import { postDirect, sendDirect } from '../../support/message-requests.js';
import { onlyMessageEvent, recordOf } from '../../support/message-events.js';
import { type Queue, registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('POST /messages: direct messages', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, admin: ApiClient;
  let aliceQueue: Queue, bobQueue: Queue, carolQueue: Queue;
  /** The address the API shows for each person. */
  const emailOf = new Map<number, string>();

  before(async function () {
    ({ server, alice, bob, carol, admin } = await startServerWith('alice', 'bob', 'carol', 'admin'));
    for (const person of [alice, bob, carol, admin]) {
      emailOf.set(person.userId, stringField(objectField(expectSuccess(await alice.get(`/users/${person.userId}`)), 'user'), 'email'));
    }
    aliceQueue = await registerQueue(alice);
    bobQueue = await registerQueue(bob);
    carolQueue = await registerQueue(carol);
  });
  after(() => server.stop());

  const email = (person: ApiClient): string => emailOf.get(person.userId) ?? '';
  const participants = (record: Record<string, unknown>): number[] => (record.display_recipient as { id: number }[]).map((person) => person.id);

  /** Every participant's queue got the message, as a direct message among exactly these people. */
  async function everyoneGot(id: number, queues: Queue[], people: ApiClient[]): Promise<void> {
    const ids = people.map((person) => person.userId).sort((a, b) => a - b);
    for (const queue of queues) {
      const record = recordOf(await onlyMessageEvent(queue));
      expect(record).to.include({ id, type: 'private', subject: '' });
      expect(participants(record)).to.deep.equal(ids);
    }
  }

  it('goes to users named by id, with type direct or private', async function () {
    for (const type of ['direct', 'private']) {
      const id = await postDirect(alice, [bob.userId], `via ${type}`, { type });
      await everyoneGot(id, [aliceQueue, bobQueue], [alice, bob]);
    }
  });

  it('goes to users named by address: a list, a comma-separated text, or one address', async function () {
    const group = await postDirect(alice, [email(bob), email(carol)], 'a list of addresses');
    await everyoneGot(group, [aliceQueue, bobQueue, carolQueue], [alice, bob, carol]);
    const commas = numberField(expectSuccess(await alice.post('/messages', { type: 'direct', to: `${email(bob)}, ${email(carol).toUpperCase()}`, content: 'commas' })), 'id');
    await everyoneGot(commas, [aliceQueue, bobQueue, carolQueue], [alice, bob, carol]);
    const one = numberField(expectSuccess(await alice.post('/messages', { type: 'direct', to: email(bob), content: 'one address' })), 'id');
    await everyoneGot(one, [aliceQueue, bobQueue], [alice, bob]);
  });

  it('names a user id alone or repeated, and the sender among the recipients, as the same conversation', async function () {
    const alone = numberField(expectSuccess(await alice.post('/messages', { type: 'direct', to: bob.userId, content: 'one id' })), 'id');
    await everyoneGot(alone, [aliceQueue, bobQueue], [alice, bob]);
    const repeated = await postDirect(alice, [bob.userId, alice.userId, bob.userId], 'repeated');
    await everyoneGot(repeated, [aliceQueue, bobQueue], [alice, bob]);
  });

  it('may go to oneself only', async function () {
    const id = await postDirect(alice, [alice.userId], 'a note to self');
    await everyoneGot(id, [aliceQueue], [alice]);
  });

  it('refuses an unknown user id or address, and an empty list, as BAD_REQUEST, recording nothing', async function () {
    await expectNothingRecorded(server, () => sendDirect(alice, [bob.userId, 99999], 'hi'), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid user ID 99999'));
    await expectNothingRecorded(server, () => sendDirect(alice, ['nobody@test.example'], 'hi'), (res) => expectExactFailure(res, 'BAD_REQUEST', "Invalid email 'nobody@test.example'"));
    await expectNothingRecorded(server, () => sendDirect(alice, [], 'hi'), (res) => expectExactFailure(res, 'BAD_REQUEST', "Invalid 'to': a direct message needs at least one recipient."));
  });

  describe('organization permissions', function () {
    let groups: Record<string, number>;
    before(async function () {
      groups = await systemGroupIds(alice);
    });
    const setRealm = async (name: string, value: number): Promise<void> => {
      expectSuccess(await server.owner.patch('/realm', { [name]: { new: value } }));
    };

    it('direct_message_permission_group: outside it, only to conversations whose others are all in it', async function () {
      await setRealm('direct_message_permission_group', groups['role:administrators']);
      try {
        await expectNothingRecorded(server, () => sendDirect(alice, [bob.userId], 'hi'), (res) =>
          expectExactFailure(res, 'BAD_REQUEST', 'You do not have permission to send direct messages to this recipient.'),
        );
        await expectNothingRecorded(server, () => sendDirect(alice, [admin.userId, bob.userId], 'hi'), (res) => expectExactFailure(res, 'BAD_REQUEST', 'You do not have permission to send direct messages to this recipient.'));
        await postDirect(alice, [admin.userId], 'to an administrator');
        await postDirect(alice, [alice.userId], 'to myself');
        await postDirect(admin, [bob.userId, carol.userId], 'an administrator writes to anyone');
      } finally {
        await setRealm('direct_message_permission_group', groups['role:everyone']);
      }
      await postDirect(alice, [bob.userId], 'allowed again');
    });

    it('direct_message_permission_group set to nobody: direct messages are disabled, except to oneself', async function () {
      await setRealm('direct_message_permission_group', groups['role:nobody']);
      try {
        await expectNothingRecorded(server, () => sendDirect(admin, [bob.userId], 'hi'), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Direct messages are disabled in this organization.'));
        await postDirect(admin, [admin.userId], 'to myself');
      } finally {
        await setRealm('direct_message_permission_group', groups['role:everyone']);
      }
    });

    it('direct_message_initiator_group: outside it, only to conversations that already exist', async function () {
      const [dora, ed] = [await server.createUser('Dora'), await server.createUser('Ed')];
      await setRealm('direct_message_initiator_group', groups['role:administrators']);
      try {
        await expectNothingRecorded(server, () => sendDirect(dora, [ed.userId], 'hi'), (res) =>
          expectExactFailure(res, 'BAD_REQUEST', 'You do not have permission to initiate direct message conversations.'),
        );
        await postDirect(admin, [dora.userId], 'an administrator starts one');
        await postDirect(dora, [admin.userId], 'and Dora may answer in it');
        await postDirect(dora, [dora.userId], 'to myself');
        // A group conversation with the same people plus one more is a new conversation.
        await expectNothingRecorded(server, () => sendDirect(dora, [admin.userId, ed.userId], 'hi'), (res) => expectExactFailure(res, 'BAD_REQUEST', 'You do not have permission to initiate direct message conversations.'));
      } finally {
        await setRealm('direct_message_initiator_group', groups['role:everyone']);
      }
    });

    it('are in the register response, everyone by default', async function () {
      const state = (await registerQueue(alice, { fetch_event_types: ['realm'] })).state;
      expect(state.realm_direct_message_permission_group).to.equal(groups['role:everyone']);
      expect(state.realm_direct_message_initiator_group).to.equal(groups['role:everyone']);
    });
  });
});
