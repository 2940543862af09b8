import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { type LogRow, logKeyRing, readLogRows, rowData } from '../support/log-rows.js';
import type { LoopbackBouncer } from '../support/loopback-bouncer.js';
import { newDeviceKeys, registerDevice, registration, startPushServer } from '../support/push-requests.js';
import { expectSuccess } from '../support/response-assertions.js';
import type { TestServer } from '../support/test-server.js';

/** Push tokens let whoever holds them push to a phone: the log may hold their digests and ciphertexts, never them. */
describe('Push tokens never reach the event log', function () {
  let server: TestServer, bouncer: LoopbackBouncer, alice: ApiClient, bob: ApiClient, rows: LogRow[];
  const apnsToken = 'feedface'.repeat(8);
  const fcmToken = 'fcm-secret-registration-token-of-bob';
  const removedToken = 'fcm-token-that-was-removed-later';
  let encryptedRegistration = '';

  before(async function () {
    ({ server, bouncer, alice, bob } = await startPushServer('alice', 'bob'));
    expectSuccess(await alice.post('/users/me/apns_device_token', { token: apnsToken, appid: 'org.example.Chat' }));
    expectSuccess(await bob.post('/users/me/android_gcm_reg_id', { token: fcmToken }));
    expectSuccess(await bob.post('/users/me/android_gcm_reg_id', { token: removedToken }));
    expectSuccess(await bob.delete('/users/me/android_gcm_reg_id', { token: removedToken }));
    const params = registration(await newDeviceKeys());
    encryptedRegistration = String(params.encrypted_push_registration);
    expectSuccess(await registerDevice(alice, params));
    expectSuccess(await alice.post('/mobile_push/test_notification', { token: apnsToken }));
    expectSuccess(await bob.post('/mobile_push/test_notification'));
    rows = readLogRows(server);
  });
  after(async () => {
    await server.stop();
    await bouncer.close();
  });

  const leaksOf = (secret: string): string[] =>
    rows.filter((row) => [row.stream, row.data, row.metadata].some((text) => text.includes(secret))).map((row) => `${row.position} ${row.type}`);

  it('records the registrations, the removal and nothing for the test pushes', function () {
    expect(rows.filter((row) => row.type.startsWith('Push')).map((row) => row.type)).to.deep.equal([
      'PushTokenAdded',
      'PushTokenAdded',
      'PushTokenAdded',
      'PushTokenRemoved',
      'PushDeviceRegistered',
    ]);
  });

  it('holds no token in clear in any row, in any common spelling', function () {
    for (const token of [apnsToken, apnsToken.toUpperCase(), Buffer.from(apnsToken, 'hex').toString('base64'), fcmToken, removedToken]) {
      expect(leaksOf(token), token).to.deep.equal([]);
    }
  });

  it('holds no encrypted registration (only the bouncer may open it, and only its keyed digest is kept)', function () {
    expect(leaksOf(encryptedRegistration)).to.deep.equal([]);
  });

  it('keeps tokens sealed so that only this server\'s secret opens them', function () {
    const ring = logKeyRing(server.dataDir);
    const sealed = rows.filter((row) => row.type === 'PushTokenAdded').map((row) => rowData(row, ring) as { user_id: number; token_kind: 'apns' | 'fcm'; token_ciphertext: string });
    expect(sealed.map((data) => server.ctx.push.vault.open(data.user_id, data.token_kind, data.token_ciphertext))).to.deep.equal([apnsToken, fcmToken, removedToken]);
  });
});
