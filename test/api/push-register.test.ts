import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { expectNothingRecorded } from '../support/channel-requests.js';
import { loggedData } from '../support/log-rows.js';
import type { LoopbackBouncer } from '../support/loopback-bouncer.js';
import { expectPushError, withoutIds } from '../support/push-assertions.js';
import { type DeviceKeys, newDeviceKeys, registerDevice, registration, startPushServer } from '../support/push-requests.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import type { TestServer } from '../support/test-server.js';

describe('POST /mobile_push/register: encrypted push devices', function () {
  let server: TestServer, bouncer: LoopbackBouncer, alice: ApiClient, bob: ApiClient, keys: DeviceKeys;

  before(async function () {
    ({ server, bouncer, alice, bob } = await startPushServer('alice', 'bob'));
    keys = await newDeviceKeys();
  });
  after(async () => {
    await server.stop();
    await bouncer.close();
  });
  beforeEach(() => {
    bouncer.answer = { kind: 'success' };
  });

  it('tells clients that push notifications are on: server_settings and the register realm section', async function () {
    const settings = await server.anonymous.get('/server_settings');
    expectSuccess(settings);
    expect(settings.body.push_notifications_enabled).to.equal(true);
    const registered = await alice.post('/register', { fetch_event_types: JSON.stringify(['realm']) });
    expectSuccess(registered);
    expect(registered.body.realm_push_notifications_enabled).to.equal(true);
  });

  it('refuses each malformed field, naming it, without asking the bouncer or recording anything', async function () {
    const refusals: [Record<string, unknown>, string][] = [
      [{ push_public_key: 'not base64!' }, "Invalid 'push_public_key': must be RFC 4648 standard base64"],
      [{ push_public_key: 'AAAA_-__' }, "Invalid 'push_public_key': must be RFC 4648 standard base64"],
      [{ push_public_key: Buffer.alloc(16).toString('base64') }, "Invalid 'push_public_key': must encode a 32-byte public key"],
      [{ encrypted_push_registration: 'abc' }, "Invalid 'encrypted_push_registration': must be RFC 4648 standard base64"],
      [{ encrypted_push_registration: '' }, "Invalid 'encrypted_push_registration': must be RFC 4648 standard base64"],
      [{ bouncer_public_key: '  ' }, "Invalid 'bouncer_public_key': must not be empty"],
      [{ token_kind: 'webpush' }, 'Invalid \'token_kind\': must be one of "fcm", "apns"'],
      [{ push_account_id: 'twelve' }, "Invalid 'push_account_id': must be integer"],
    ];
    for (const [overrides, msg] of refusals) {
      await expectNothingRecorded(server, () => registerDevice(alice, registration(keys, overrides)), (res) => expectExactFailure(res, 'BAD_REQUEST', msg));
    }
    for (const field of ['token_kind', 'push_account_id', 'push_public_key', 'bouncer_public_key', 'encrypted_push_registration']) {
      const params = registration(keys);
      delete params[field];
      await expectNothingRecorded(server, () => registerDevice(alice, params), (res) => expectExactFailure(res, 'REQUEST_VARIABLE_MISSING', `Missing '${field}' argument`));
    }
    expect(bouncer.received).to.deep.equal([]);
  });

  it('forwards the registration to the bouncer and records it active; push_device goes to the user only', async function () {
    const aliceQueue = await registerQueue(alice);
    const bobQueue = await registerQueue(bob);
    const params = registration(keys);
    expect(expectSuccess(await registerDevice(alice, params))).to.deep.equal({ result: 'success', msg: '' });
    expect(bouncer.at('/e2ee/register')).to.deep.equal([
      {
        realm_url: server.url,
        user_id: alice.userId,
        push_account_id: 2408,
        token_kind: 'fcm',
        bouncer_public_key: params.bouncer_public_key,
        encrypted_push_registration: params.encrypted_push_registration,
      },
    ]);
    const [recorded] = loggedData(server, 'PushDeviceRegistered');
    expect(recorded).to.include({ user_id: alice.userId, push_account_id: 2408, status: 'active', bouncer_device_id: 'bouncer-device-1', error_code: null });
    expect(withoutIds(ofType(await drain(aliceQueue), 'push_device'))).to.deep.equal([{ type: 'push_device', push_account_id: '2408', status: 'active', error_code: null }]);
    expect(ofType(await drain(bobQueue), 'push_device')).to.deep.equal([]);
  });

  it('answers a retry of the same registration without asking the bouncer again', async function () {
    await expectNothingRecorded(server, () => registerDevice(alice, registration(keys)), expectSuccess);
    expect(bouncer.at('/e2ee/register')).to.have.length(1);
  });

  it('lists the registrations in the push_devices register section, by push account id', async function () {
    const { state } = await registerQueue(alice, { fetch_event_types: ['push_device'] });
    expect(state.push_devices).to.deep.equal({ '2408': { status: 'active', error_code: null } });
    expect((await registerQueue(bob, { fetch_event_types: ['push_device'] })).state.push_devices).to.deep.equal({});
    expect((await registerQueue(alice, { fetch_event_types: ['realm'] })).state).to.not.have.property('push_devices');
  });

  it('records a registration the bouncer refuses as failed with its code, and says so in push_device', async function () {
    const queue = await registerQueue(alice);
    bouncer.answer = { kind: 'client-error', code: 'INVALID_BOUNCER_PUBLIC_KEY' };
    expectSuccess(await registerDevice(alice, registration(keys, { push_account_id: 77, bouncer_public_key: 'b2xkLWtleQ==' })));
    expect(loggedData(server, 'PushDeviceRegistered').at(-1)).to.include({ push_account_id: 77, status: 'failed', bouncer_device_id: null, error_code: 'INVALID_BOUNCER_PUBLIC_KEY' });
    expect(withoutIds(ofType(await drain(queue), 'push_device'))).to.deep.equal([{ type: 'push_device', push_account_id: '77', status: 'failed', error_code: 'INVALID_BOUNCER_PUBLIC_KEY' }]);
    bouncer.answer = { kind: 'success' };
    expectSuccess(await registerDevice(alice, registration(keys, { push_account_id: 77 })));
    expect((await registerQueue(alice, { fetch_event_types: ['push_device'] })).state.push_devices).to.deep.equal({
      '77': { status: 'active', error_code: null },
      '2408': { status: 'active', error_code: null },
    });
  });

  it('fails with the bouncer\'s trouble and records nothing: 5xx, refusal of the server, closed port, no answer in time', async function () {
    const fresh = () => registerDevice(bob, registration(keys, { push_account_id: 5 }));
    bouncer.answer = { kind: 'server-error' };
    await expectNothingRecorded(server, fresh, (res) => expectPushError(res, 502, 'INTERNAL_SERVER_ERROR_ON_BOUNCER'));
    bouncer.answer = { kind: 'forbidden' };
    await expectNothingRecorded(server, fresh, (res) => expectPushError(res, 403, 'ADMIN_ACTION_REQUIRED'));
    bouncer.answer = { kind: 'hang' };
    await expectNothingRecorded(server, fresh, (res) => expectPushError(res, 502, 'FAILED_TO_CONNECT_BOUNCER'));
    await bouncer.refuseConnections();
    try {
      await expectNothingRecorded(server, fresh, (res) => expectPushError(res, 502, 'FAILED_TO_CONNECT_BOUNCER'));
    } finally {
      await bouncer.acceptConnections();
    }
    bouncer.answer = { kind: 'success' };
    expectSuccess(await fresh());
  });
});
