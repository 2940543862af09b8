import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { expectNothingRecorded } from '../support/channel-requests.js';
import { loggedData } from '../support/log-rows.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

const APNS_TOKEN = 'c0ffee00deadbeef'.repeat(4);
const FCM_TOKEN = 'fcm-registration:APA91bH-example_token';
const APP_ID = 'org.example.Chat';

describe('legacy push tokens: /users/me/apns_device_token and /users/me/android_gcm_reg_id', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
  });
  after(() => server.stop());

  const addApns = (client: ApiClient, params: Record<string, unknown>) => client.post('/users/me/apns_device_token', params);
  const removeApns = (client: ApiClient, token: string) => client.delete('/users/me/apns_device_token', { token });
  const addFcm = (client: ApiClient, token: string) => client.post('/users/me/android_gcm_reg_id', { token });
  const removeFcm = (client: ApiClient, token: string) => client.delete('/users/me/android_gcm_reg_id', { token });

  it('adds an APNs token with its app id, recording only a digest and a ciphertext on the user stream', async function () {
    expect(expectSuccess(await addApns(alice, { token: APNS_TOKEN, appid: APP_ID }))).to.deep.equal({ result: 'success', msg: '' });
    const [added] = loggedData(server, 'PushTokenAdded');
    expect(added).to.include({ user_id: alice.userId, token_kind: 'apns', ios_app_id: APP_ID });
    expect(added.token_digest).to.match(/^[0-9a-f]{64}$/);
    expect(added.token_ciphertext).to.match(/^v1:[A-Za-z0-9_-]+$/).and.not.contain(APNS_TOKEN);
    expect(server.ctx.push.vault.open(alice.userId ?? 0, 'apns', String(added.token_ciphertext))).to.equal(APNS_TOKEN);
  });

  it('records nothing when the same token is added again for the same app; a new app id is recorded', async function () {
    await expectNothingRecorded(server, () => addApns(alice, { token: APNS_TOKEN, appid: APP_ID }), expectSuccess);
    expectSuccess(await addApns(alice, { token: APNS_TOKEN, appid: 'org.example.Chat.beta' }));
    expect(loggedData(server, 'PushTokenAdded').map((data) => data.ios_app_id)).to.deep.equal([APP_ID, 'org.example.Chat.beta']);
  });

  it('refuses an empty, over-long or non-hexadecimal APNs token, and a bad or missing app id, recording nothing', async function () {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ token: '', appid: APP_ID }, 'BAD_REQUEST', 'Empty or invalid length token'],
      [{ token: 'ab'.repeat(2049), appid: APP_ID }, 'BAD_REQUEST', 'Empty or invalid length token'],
      [{ token: 'not-hex!', appid: APP_ID }, 'BAD_REQUEST', 'Invalid APNS token'],
      [{ token: 'abc', appid: APP_ID }, 'BAD_REQUEST', 'Invalid APNS token'],
      [{ token: APNS_TOKEN, appid: 'has spaces' }, 'BAD_REQUEST', "Invalid app ID: 'appid' must be a bundle identifier such as org.example.Chat"],
      [{ token: APNS_TOKEN }, 'REQUEST_VARIABLE_MISSING', "Missing 'appid' argument"],
      [{ appid: APP_ID }, 'REQUEST_VARIABLE_MISSING', "Missing 'token' argument"],
    ];
    for (const [params, code, msg] of refusals) await expectNothingRecorded(server, () => addApns(bob, params), (res) => expectExactFailure(res, code, msg));
  });

  it('adds an FCM token (any text up to 4096 characters), once', async function () {
    expectSuccess(await addFcm(alice, FCM_TOKEN));
    await expectNothingRecorded(server, () => addFcm(alice, FCM_TOKEN), expectSuccess);
    expect(loggedData(server, 'PushTokenAdded').at(-1)).to.include({ user_id: alice.userId, token_kind: 'fcm', ios_app_id: null });
    await expectNothingRecorded(server, () => addFcm(alice, ''), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Empty or invalid length token'));
    await expectNothingRecorded(server, () => addFcm(alice, 'x'.repeat(4097)), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Empty or invalid length token'));
  });

  it('refuses to remove a token that does not exist, or that is another user\'s, or of the other kind', async function () {
    const doesNotExist = (res: Parameters<typeof expectSuccess>[0]) => expectExactFailure(res, 'BAD_REQUEST', 'Token does not exist');
    await expectNothingRecorded(server, () => removeFcm(alice, 'never-registered'), doesNotExist);
    await expectNothingRecorded(server, () => removeFcm(bob, FCM_TOKEN), doesNotExist);
    await expectNothingRecorded(server, () => removeApns(bob, APNS_TOKEN), doesNotExist);
    await expectNothingRecorded(server, () => removeFcm(alice, ''), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Empty or invalid length token'));
    await expectNothingRecorded(server, () => removeApns(alice, 'zz'), (res) => expectExactFailure(res, 'BAD_REQUEST', 'Invalid APNS token'));
  });

  it('removes tokens (DELETE /users/me/android_gcm_reg_id and /apns_device_token); a second removal finds none', async function () {
    expectSuccess(await removeFcm(alice, FCM_TOKEN));
    expectSuccess(await removeApns(alice, APNS_TOKEN));
    expect(loggedData(server, 'PushTokenRemoved').map((data) => [data.user_id, data.token_kind])).to.deep.equal([
      [alice.userId, 'fcm'],
      [alice.userId, 'apns'],
    ]);
    expectExactFailure(await removeFcm(alice, FCM_TOKEN), 'BAD_REQUEST', 'Token does not exist');
    expect(await server.ctx.models.pushDevices.findMany('user_id', alice.userId ?? 0)).to.deep.equal([]);
  });

  it('keeps registrations across a restart (the read model is rebuilt from the log)', async function () {
    expectSuccess(await addFcm(bob, FCM_TOKEN));
    server = await server.restart();
    const devices = await server.ctx.models.pushDevices.findMany('user_id', bob.userId ?? 0);
    expect(devices.map((device) => device.kind === 'token' && device.token_kind)).to.deep.equal(['fcm']);
    const again = server.anonymous.withCredentials(bob.email, bob.credentials?.apiKey ?? '', bob.userId);
    expectSuccess(await removeFcm(again, FCM_TOKEN));
  });
});
