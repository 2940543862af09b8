import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import type { LoopbackBouncer } from '../support/loopback-bouncer.js';
import { expectPushError } from '../support/push-assertions.js';
import { type DeviceKeys, newDeviceKeys, openSealed, registerDevice, registration, startPushServer } from '../support/push-requests.js';
import { expectSuccess } from '../support/response-assertions.js';
import type { TestServer } from '../support/test-server.js';

const APNS_TOKEN = 'ab12'.repeat(16);
const FCM_TOKEN = 'fcm:device-token-of-alice';

describe('test push notifications through the loopback bouncer', function () {
  let server: TestServer, bouncer: LoopbackBouncer, alice: ApiClient, bob: ApiClient, phone: DeviceKeys, tablet: DeviceKeys;

  before(async function () {
    ({ server, bouncer, alice, bob } = await startPushServer('alice', 'bob'));
    [phone, tablet] = [await newDeviceKeys(), await newDeviceKeys()];
    expectSuccess(await alice.post('/users/me/apns_device_token', { token: APNS_TOKEN, appid: 'org.example.Chat' }));
    expectSuccess(await alice.post('/users/me/android_gcm_reg_id', { token: FCM_TOKEN }));
    expectSuccess(await registerDevice(alice, registration(phone, { push_account_id: 11 })));
    expectSuccess(await registerDevice(alice, registration(tablet, { push_account_id: 22, token_kind: 'apns' })));
    bouncer.answer = { kind: 'client-error', code: 'REQUEST_EXPIRED' };
    expectSuccess(await registerDevice(bob, registration(phone, { push_account_id: 33 })));
  });
  after(async () => {
    await server.stop();
    await bouncer.close();
  });
  beforeEach(() => {
    bouncer.answer = { kind: 'success' };
    bouncer.received.length = 0;
  });

  /** Each bouncer failure, as both test endpoints report it. */
  async function expectBouncerFailures(send: () => Promise<ApiResponse>, unknownDevice: boolean): Promise<void> {
    bouncer.answer = { kind: 'server-error' };
    expectPushError(await send(), 502, 'INTERNAL_SERVER_ERROR_ON_BOUNCER');
    bouncer.answer = { kind: 'forbidden' };
    expectPushError(await send(), 403, 'ADMIN_ACTION_REQUIRED');
    bouncer.answer = { kind: 'hang' };
    expectPushError(await send(), 502, 'FAILED_TO_CONNECT_BOUNCER');
    bouncer.answer = { kind: 'client-error', code: 'INVALID_TOKEN' };
    if (unknownDevice) expectPushError(await send(), 400, 'INVALID_REMOTE_PUSH_DEVICE_TOKEN');
    await bouncer.refuseConnections();
    try {
      expectPushError(await send(), 502, 'FAILED_TO_CONNECT_BOUNCER');
    } finally {
      await bouncer.acceptConnections();
    }
  }

  describe('POST /mobile_push/test_notification (legacy tokens)', function () {
    it('sends the test push to the named device: event test, realm_name, the token in clear only to the bouncer', async function () {
      expectSuccess(await alice.post('/mobile_push/test_notification', { token: APNS_TOKEN }));
      expect(bouncer.at('/notify')).to.deep.equal([
        {
          realm_url: server.url,
          user_id: alice.userId,
          devices: [{ token_kind: 'apns', token: APNS_TOKEN, ios_app_id: 'org.example.Chat' }],
          payload: { event: 'test', realm_name: 'Test Org', realm_url: server.url, user_id: alice.userId, time: Math.floor(server.clock.now() / 1000) },
        },
      ]);
    });

    it('sends to every token of the user when none is named', async function () {
      expectSuccess(await alice.post('/mobile_push/test_notification'));
      const [push] = bouncer.at('/notify');
      expect(push.devices).to.have.deep.members([
        { token_kind: 'apns', token: APNS_TOKEN, ios_app_id: 'org.example.Chat' },
        { token_kind: 'fcm', token: FCM_TOKEN, ios_app_id: null },
      ]);
    });

    it('answers INVALID_PUSH_DEVICE_TOKEN (400) for a token the server does not know for this user', async function () {
      expectPushError(await alice.post('/mobile_push/test_notification', { token: 'never-registered' }), 400, 'INVALID_PUSH_DEVICE_TOKEN');
      expectPushError(await bob.post('/mobile_push/test_notification', { token: FCM_TOKEN }), 400, 'INVALID_PUSH_DEVICE_TOKEN');
      expect(bouncer.received).to.deep.equal([]);
    });

    it('reports INVALID_REMOTE_PUSH_DEVICE_TOKEN, 5xx, refusal, silence and a closed port with their codes and statuses', async function () {
      await expectBouncerFailures(() => alice.post('/mobile_push/test_notification', { token: FCM_TOKEN }), true);
    });
  });

  describe('POST /mobile_push/e2ee/test_notification', function () {
    it('sends to each active device a payload sealed to its key: event test, realm_name, push_account_id', async function () {
      expectSuccess(await alice.post('/mobile_push/e2ee/test_notification'));
      const [push] = bouncer.at('/e2ee/notify');
      expect(push).to.include({ realm_url: server.url, user_id: alice.userId });
      const devices = push.devices as Record<string, unknown>[];
      expect(devices.map((device) => [device.device_id, device.push_account_id])).to.deep.equal([
        ['bouncer-device-1', 11],
        ['bouncer-device-2', 22],
      ]);
      const expected = { event: 'test', realm_name: 'Test Org', realm_url: server.url, user_id: alice.userId, time: Math.floor(server.clock.now() / 1000) };
      expect(await openSealed(devices[0].encrypted_data, phone)).to.deep.equal({ ...expected, push_account_id: 11 });
      expect(await openSealed(devices[1].encrypted_data, tablet)).to.deep.equal({ ...expected, push_account_id: 22 });
      expect(JSON.stringify(push)).to.not.contain('Test Org');
    });

    it('sends only to the push account named', async function () {
      expectSuccess(await alice.post('/mobile_push/e2ee/test_notification', { push_account_id: 22 }));
      expect((bouncer.at('/e2ee/notify')[0].devices as Record<string, unknown>[]).map((device) => device.push_account_id)).to.deep.equal([22]);
    });

    it('answers NO_ACTIVE_PUSH_DEVICE (400) for an unknown push account, or a user whose registrations failed', async function () {
      expectPushError(await alice.post('/mobile_push/e2ee/test_notification', { push_account_id: 99 }), 400, 'NO_ACTIVE_PUSH_DEVICE');
      expectPushError(await bob.post('/mobile_push/e2ee/test_notification'), 400, 'NO_ACTIVE_PUSH_DEVICE');
      expect(bouncer.received).to.deep.equal([]);
    });

    it('reports 5xx, refusal of the server, silence and a closed port with their codes and statuses', async function () {
      await expectBouncerFailures(() => alice.post('/mobile_push/e2ee/test_notification', { push_account_id: 11 }), false);
    });
  });
});
