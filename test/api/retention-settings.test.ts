import { expect } from 'chai';
import { URLSearchParams } from 'node:url';
import type { ApiClient } from '../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../support/channel-requests.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const ADMIN_ROLE = 200;
const MAX = 2_147_483_647;

const refusal = (words: string, value: string) => `Invalid 'message_retention_days': must be a whole number of days from 1 to ${MAX} or ${words}, not ${value}`;
const REALM_WORDS = '"unlimited"';
const CHANNEL_WORDS = '"unlimited" or "realm_default"';

/**
 * message_retention_days as the public server takes it (parse_message_retention_days): whole days from
 * 1 up, or its words; a number written as a JSON string, zero, negative, fractional or past a 32-bit
 * integer is BAD_REQUEST naming the parameter, with nothing applied; only owners set it.
 */
describe('retention settings: values and who may set them', function () {
  let server: TestServer;
  let admin: ApiClient;
  let channelId: number;

  /** Sends the raw form value, as a client would write it on the wire. */
  const raw = (client: ApiClient, method: string, path: string, value: string, extra: Record<string, string> = {}) =>
    client.request(method, path, new URLSearchParams({ ...extra, message_retention_days: value }));

  before(async () => {
    server = await startTestServer();
    admin = await server.createUser('Admin', ADMIN_ROLE);
    [channelId] = await createChannels(server.owner, ['policies']);
  });
  after(() => server.stop());

  const badValues: [wire: string, shown: string][] = [
    ['0', '0'],
    ['-1', '-1'],
    ['1.5', '"1.5"'],
    ['"30"', '"30"'],
    ['forever', '"forever"'],
    [String(MAX + 1), String(MAX + 1)],
  ];

  it('refuses bad organization values, and "realm_default", which only channels have', async () => {
    for (const [wire, shown] of [...badValues, ['realm_default', '"realm_default"']] as const) {
      await expectNothingRecorded(server, () => raw(server.owner, 'PATCH', '/realm', wire), (res) => expectExactFailure(res, 'BAD_REQUEST', refusal(REALM_WORDS, shown)));
    }
  });

  it('refuses bad channel values when changing a channel and when creating one', async () => {
    for (const [wire, shown] of badValues) {
      await expectNothingRecorded(server, () => raw(server.owner, 'PATCH', `/streams/${channelId}`, wire), (res) => expectExactFailure(res, 'BAD_REQUEST', refusal(CHANNEL_WORDS, shown)));
      await expectNothingRecorded(
        server,
        () => raw(server.owner, 'POST', '/users/me/subscriptions', wire, { subscriptions: JSON.stringify([{ name: 'never made' }]) }),
        (res) => expectExactFailure(res, 'BAD_REQUEST', refusal(CHANNEL_WORDS, shown)),
      );
    }
  });

  it('takes every valid value, at both ends of the range', async () => {
    for (const [wire, stored] of [['1', 1], [String(MAX), MAX], ['unlimited', -1]] as const) {
      expectSuccess(await raw(server.owner, 'PATCH', '/realm', wire));
      expect(expectSuccess(await server.owner.post('/register', { fetch_event_types: JSON.stringify(['realm']) })).realm_message_retention_days).to.equal(stored);
    }
    for (const [wire, stored] of [['1', 1], [String(MAX), MAX], ['unlimited', -1], ['realm_default', null]] as const) {
      expectSuccess(await raw(server.owner, 'PATCH', `/streams/${channelId}`, wire));
      expect(expectSuccess(await server.owner.get(`/streams/${channelId}`)).stream).to.include({ message_retention_days: stored });
    }
  });

  it('refuses administrators: the organization, a channel, a new channel (a bad value is named first, as the public server parses it first)', async () => {
    await expectNothingRecorded(server, () => raw(admin, 'PATCH', '/realm', '30'), (res) => expectExactFailure(res, 'UNAUTHORIZED_PRINCIPAL', "Must be an organization owner to change 'message_retention_days'"));
    await expectNothingRecorded(server, () => raw(admin, 'PATCH', `/streams/${channelId}`, '30'), (res) => expectExactFailure(res, 'UNAUTHORIZED_PRINCIPAL', "Must be an organization owner to change 'message_retention_days'"));
    const create = (value: string) => raw(admin, 'POST', '/users/me/subscriptions', value, { subscriptions: JSON.stringify([{ name: 'admin made' }]) });
    await expectNothingRecorded(server, () => create('30'), (res) => expectExactFailure(res, 'UNAUTHORIZED_PRINCIPAL', "Must be an organization owner to set 'message_retention_days'"));
    await expectNothingRecorded(server, () => create('0'), (res) => expectExactFailure(res, 'BAD_REQUEST', refusal(CHANNEL_WORDS, '0')));
  });
});
