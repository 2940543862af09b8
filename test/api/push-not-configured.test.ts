import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { expectNothingRecorded } from '../support/channel-requests.js';
import { expectPushError } from '../support/push-assertions.js';
import { newDeviceKeys, registerDevice, registration } from '../support/push-requests.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('push without a push service (CHAT_PUSH_BOUNCER_URL unset)', function () {
  let server: TestServer, alice: ApiClient;

  before(async function () {
    ({ server, alice } = await startServerWith('alice'));
  });
  after(() => server.stop());

  it('tells clients that push notifications are off: server_settings and the register realm section', async function () {
    const settings = await server.anonymous.get('/server_settings');
    expect(settings.body.push_notifications_enabled).to.equal(false);
    const registered = await alice.post('/register', { fetch_event_types: JSON.stringify(['realm']) });
    expect(registered.body.realm_push_notifications_enabled).to.equal(false);
  });

  it('refuses POST /mobile_push/register with PUSH_SERVICE_NOT_CONFIGURED (400), recording nothing', async function () {
    const keys = await newDeviceKeys();
    await expectNothingRecorded(server, () => registerDevice(alice, registration(keys)), (res) =>
      expectExactFailure(res, 'PUSH_SERVICE_NOT_CONFIGURED', 'Server is not configured to use push notification service.'),
    );
  });

  it('still stores legacy tokens, as the public API does; a test push to them says the service is missing', async function () {
    expectSuccess(await alice.post('/users/me/android_gcm_reg_id', { token: 'fcm-token-1' }));
    expectPushError(await alice.post('/mobile_push/test_notification', { token: 'fcm-token-1' }), 400, 'PUSH_SERVICE_NOT_CONFIGURED');
    expectPushError(await alice.post('/mobile_push/test_notification', { token: 'unknown' }), 400, 'INVALID_PUSH_DEVICE_TOKEN');
  });

  it('answers an E2EE test push with NO_ACTIVE_PUSH_DEVICE, since nothing could be registered', async function () {
    const res = await alice.post('/mobile_push/e2ee/test_notification');
    expectExactFailure(res, 'NO_ACTIVE_PUSH_DEVICE', 'No active registered push device');
    expect(res.status).to.equal(400);
  });
});
