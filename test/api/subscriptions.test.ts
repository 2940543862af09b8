import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { expectNothingRecorded, mySubscriptions, subscribe, unsubscribe } from '../support/channel-requests.js';
import { objectField, stringField } from '../support/json-fields.js';
import { expectFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

interface RoleCase {
  label: string;
  client: () => ApiClient;
  /** Creating channels and subscribing others to public ones (role:members by default). */
  member: boolean;
  /** Removing others: organization administrators (can_remove_subscribers_group defaults to them). */
  admin: boolean;
}

describe('subscriptions API: POST and DELETE /users/me/subscriptions by role', function () {
  let server: TestServer, admin: ApiClient, moderator: ApiClient, member: ApiClient, other: ApiClient, guest: ApiClient;

  before(async function () {
    ({ server, admin, moderator, member, other, guest } = await startServerWith('admin', 'moderator', 'member', 'other', 'guest'));
    expectSuccess(await subscribe(other, ['lobby']));
  });
  after(() => server.stop());

  /** The request must fail as stated and leave the log as it was. */
  const expectRefused = (request: () => Promise<ApiResponse>, code: string, mentions: string): Promise<void> =>
    expectNothingRecorded(server, request, (res) => expectFailure(res, code, mentions));

  const ROLES: RoleCase[] = [
    { label: 'the owner', client: () => server.owner, member: true, admin: true },
    { label: 'an administrator', client: () => admin, member: true, admin: true },
    { label: 'a moderator', client: () => moderator, member: true, admin: false },
    { label: 'a member', client: () => member, member: true, admin: false },
    { label: 'a guest', client: () => guest, member: false, admin: false },
  ];

  for (const role of ROLES) {
    describe(role.label, function () {
      const room = `${role.label} room`;

      it(role.member ? 'creates a public channel and is its only subscriber' : 'may not create a channel', async function () {
        const client = role.client();
        if (!role.member) return expectRefused(() => subscribe(client, [room]), 'BAD_REQUEST', 'Insufficient permission');
        const body = expectSuccess(await subscribe(client, [room]));
        expect(body.subscribed).to.deep.equal({ [String(client.userId)]: [room] });
        expect(body.already_subscribed).to.deep.equal({});
        expect(body).to.not.have.property('unauthorized');
        expect(expectSuccess(await client.get(`/streams/${(await client.get('/get_stream_id', { stream: room })).body.stream_id}/members`)).subscribers).to.deep.equal([client.userId]);
      });

      it(role.member ? 'joins an existing public channel' : 'may not join a public channel', async function () {
        const client = role.client();
        if (!role.member) return expectRefused(() => subscribe(client, ['lobby']), 'BAD_REQUEST', 'Unable to access channel (lobby).');
        expect(expectSuccess(await subscribe(client, ['LOBBY'])).subscribed).to.deep.equal({ [String(client.userId)]: ['lobby'] });
        expect((await mySubscriptions(client)).map((sub) => sub.name)).to.include('lobby');
      });

      it(role.member ? 'subscribes another user to a public channel' : 'may not subscribe others', async function () {
        const client = role.client();
        const channel = `${role.label} added`;
        expectSuccess(await subscribe(server.owner, [channel]));
        if (!role.member) {
          return expectRefused(() => subscribe(client, [channel], { principals: [other.userId] }), 'BAD_REQUEST', `Unable to access channel (${channel}).`);
        }
        expect(expectSuccess(await subscribe(client, [channel], { principals: [other.userId] })).subscribed).to.deep.equal({ [String(other.userId)]: [channel] });
      });

      it(role.admin ? 'removes another user from a channel' : 'may not remove another user', async function () {
        const client = role.client();
        const channel = `${role.label} removal`;
        expectSuccess(await subscribe(server.owner, [channel], { principals: [other.userId, guest.userId] }));
        if (!role.admin) return expectRefused(() => unsubscribe(client, [channel], { principals: [other.userId] }), 'BAD_REQUEST', 'Insufficient permission');
        const body = expectSuccess(await unsubscribe(client, [channel], { principals: [other.userId] }));
        expect(body).to.deep.equal({ result: 'success', msg: '', removed: [channel], not_removed: [] });
        expect((await mySubscriptions(other)).map((sub) => sub.name)).to.not.include(channel);
      });
    });
  }

  describe('subscribing', function () {
    it('takes principals by id and by email address, keyed by user id in the answer', async function () {
      const body = expectSuccess(await subscribe(admin, ['crew'], { principals: [member.userId, other.email.toUpperCase()] }));
      expect(body.subscribed).to.deep.equal({ [String(member.userId)]: ['crew'], [String(other.userId)]: ['crew'] });
      const again = expectSuccess(await subscribe(admin, ['Crew'], { principals: [member.userId, admin.userId] }));
      expect(again.subscribed).to.deep.equal({ [String(admin.userId)]: ['crew'] });
      expect(again.already_subscribed).to.deep.equal({ [String(member.userId)]: ['crew'] });
    });

    it('names users by the address the API shows: a placeholder for a hidden address, the real one only to those who may see it', async function () {
      const hidden = await server.createUser('Hal Hidden');
      expectSuccess(await hidden.patch('/settings', { email_address_visibility: 3 }));
      const placeholder = stringField(objectField(expectSuccess(await member.get(`/users/${hidden.userId}`)), 'user'), 'email');
      expect(placeholder).to.not.equal(hidden.email);
      expect(expectSuccess(await subscribe(member, ['lobby'], { principals: [placeholder] })).subscribed).to.deep.equal({ [String(hidden.userId)]: ['lobby'] });
      // A member may not see the real address, so it names nobody for them (and reveals no user id).
      await expectRefused(() => unsubscribe(admin, ['lobby'], { principals: [placeholder, 'nobody@test.example'] }), 'BAD_REQUEST', "No such user: 'nobody@test.example'");
      await expectRefused(() => subscribe(member, ['crew'], { principals: [hidden.email] }), 'BAD_REQUEST', `No such user: '${hidden.email}' in 'principals'`);
      expect(expectSuccess(await unsubscribe(admin, ['lobby'], { principals: [hidden.email.toUpperCase()] })).removed).to.deep.equal(['lobby']);
      // Asking again by the placeholder finds the earlier subscription: the user is back, nothing doubled.
      expect(expectSuccess(await subscribe(admin, ['lobby'], { principals: [placeholder] })).subscribed).to.deep.equal({ [String(hidden.userId)]: ['lobby'] });
      expect(expectSuccess(await subscribe(admin, ['lobby'], { principals: [placeholder] })).already_subscribed).to.deep.equal({ [String(hidden.userId)]: ['lobby'] });
    });

    it('refuses an unknown principal and appends nothing, not even the new channel', async function () {
      await expectRefused(() => subscribe(admin, ['ghost town'], { principals: [member.userId, 9999] }), 'BAD_REQUEST', "No such user: '9999' in 'principals'");
      await expectRefused(() => subscribe(admin, ['ghost town'], { principals: ['nobody@test.example'] }), 'BAD_REQUEST', "'principals'");
      expectFailure(await admin.get('/get_stream_id', { stream: 'ghost town' }), 'BAD_REQUEST', "Invalid channel name 'ghost town'");
    });

    for (const [what, channel, mentions] of [
      ['an empty name', { name: '  ' }, "Channel name can't be empty."],
      ['a name over 60 characters', { name: 'n'.repeat(61) }, 'Channel name too long (limit: 60 characters).'],
      ['a control character', { name: 'tab\there' }, 'Invalid character in channel name, at position 4.'],
      ['a description over 1024 characters', { name: 'long talk', description: 'd'.repeat(1025) }, 'Channel description too long (limit: 1024 characters).'],
    ] as const) {
      it(`refuses ${what} next to good names, creating none of them`, async function () {
        await expectRefused(() => subscribe(member, ['fine one', channel]), 'BAD_REQUEST', mentions);
        expectFailure(await member.get('/get_stream_id', { stream: 'fine one' }), 'BAD_REQUEST', "Invalid channel name 'fine one'");
      });
    }

    it('refuses a private channel the caller cannot join, or lists it as unauthorized when asked to', async function () {
      expectSuccess(await subscribe(member, ['hideout'], { invite_only: true }));
      expectSuccess(await subscribe(server.owner, ['porch']));
      await expectRefused(() => subscribe(other, ['porch', 'hideout']), 'BAD_REQUEST', 'Unable to access channel (hideout).');
      const body = expectSuccess(await subscribe(other, ['hideout', 'porch'], { authorization_errors_fatal: false }));
      expect(body.unauthorized).to.deep.equal(['hideout']);
      expect(body.subscribed).to.deep.equal({ [String(other.userId)]: ['porch'] });
      await expectRefused(() => subscribe(other, ['hideout'], { principals: [guest.userId] }), 'BAD_REQUEST', 'Unable to access channel (hideout).');
      // Once in, a member may add others (the organization's can_add_subscribers_group is role:members).
      expectSuccess(await subscribe(member, ['hideout'], { principals: [other.userId] }));
      expect(expectSuccess(await subscribe(other, ['hideout'], { principals: [guest.userId] })).subscribed).to.deep.equal({ [String(guest.userId)]: ['hideout'] });
      // The guest, now in, may ask again and is told so.
      expect(expectSuccess(await subscribe(guest, ['hideout'])).already_subscribed).to.deep.equal({ [String(guest.userId)]: ['hideout'] });
    });

    it('lets only administrators create default channels, which new users then join', async function () {
      await expectRefused(() => subscribe(member, ['welcome'], { is_default_stream: true }), 'UNAUTHORIZED_PRINCIPAL', "'is_default_stream'");
      expectSuccess(await subscribe(admin, ['welcome'], { is_default_stream: true }));
      const newcomer = await server.createUser('Nina Newcomer');
      expect((await mySubscriptions(newcomer)).map((sub) => sub.name)).to.deep.equal(['welcome']);
    });
  });

  describe('unsubscribing', function () {
    it('removes the caller and reports channels they were not in as not_removed', async function () {
      expectSuccess(await subscribe(other, ['leaving']));
      expectSuccess(await subscribe(member, ['staying']));
      const body = expectSuccess(await unsubscribe(other, ['Leaving', 'staying']));
      expect(body).to.deep.equal({ result: 'success', msg: '', removed: ['leaving'], not_removed: ['staying'] });
      const names = (await mySubscriptions(other)).map((sub) => sub.name);
      expect(names).to.not.include('leaving');
      expect(expectSuccess(await unsubscribe(other, ['leaving'])).not_removed).to.deep.equal(['leaving']);
    });

    it('answers STREAM_DOES_NOT_EXIST with `stream` for unknown and invisible channels', async function () {
      for (const name of ['nowhere', 'hideout']) {
        const res = await unsubscribe(moderator, ['lobby', name]);
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ result: 'error', code: 'STREAM_DOES_NOT_EXIST', msg: `Channel '${name}' does not exist`, stream: name });
      }
      expect((await mySubscriptions(moderator)).map((sub) => sub.name)).to.include('lobby');
    });

    it('refuses an unknown principal with 400 BAD_REQUEST and removes nobody', async function () {
      await expectRefused(() => unsubscribe(admin, ['lobby'], { principals: [member.userId, 9999] }), 'BAD_REQUEST', "No such user: '9999' in 'principals'");
      expect((await mySubscriptions(member)).map((sub) => sub.name)).to.include('lobby');
    });
  });
});
