import { expect } from 'chai';
import {
  checkPushRegistration,
  checkPushToken,
  decideAddPushToken,
  decideRegisterPushDevice,
  decideRemovePushToken,
  type E2eePushDeviceState,
  e2eeTestTargets,
  isStandardBase64,
  legacyTestTargets,
  type PushRegistrationRequest,
  type PushTokenState,
} from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';

const KEY = Buffer.alloc(32, 7).toString('base64');
const request = (overrides: Partial<PushRegistrationRequest> = {}): PushRegistrationRequest => ({
  token_kind: 'fcm',
  push_account_id: 5,
  push_public_key: KEY,
  bouncer_public_key: 'Ym91bmNlcg==',
  encrypted_push_registration: 'c2VhbGVk',
  ...overrides,
});
const token = (overrides: Partial<PushTokenState> = {}): PushTokenState => ({
  key: 'k',
  kind: 'token',
  user_id: 3,
  token_kind: 'fcm',
  token_digest: 'd1',
  token_ciphertext: 'v1:x',
  ios_app_id: null,
  ...overrides,
});
const device = (overrides: Partial<E2eePushDeviceState> = {}): E2eePushDeviceState => ({
  key: 'e',
  kind: 'e2ee',
  user_id: 3,
  push_account_id: 5,
  token_kind: 'fcm',
  push_public_key: KEY,
  bouncer_public_key: 'Ym91bmNlcg==',
  registration_digest: 'r1',
  status: 'active',
  bouncer_device_id: 'b-1',
  error_code: null,
  ...overrides,
});

describe('push device rules and deciders', function () {
  it('checks legacy tokens: length for both kinds, hexadecimal for APNs', function () {
    expectApiError(() => checkPushToken('fcm', ''), refused('Empty or invalid length token'));
    expectApiError(() => checkPushToken('fcm', 'x'.repeat(4097)), refused('Empty or invalid length token'));
    expectApiError(() => checkPushToken('apns', 'a1b'), refused('Invalid APNS token'));
    expect(() => checkPushToken('fcm', 'x'.repeat(4096))).to.not.throw();
    expect(() => checkPushToken('apns', 'A1b2')).to.not.throw();
  });

  it('knows RFC 4648 standard base64 from url-safe, unpadded or empty text', function () {
    expect(['AAAA', 'AA==', 'AAA=', 'ab+/Zz09']).to.satisfy((values: string[]) => values.every(isStandardBase64));
    expect(['', 'AA', 'AAA', 'ab-_', 'AA=A', 'A===']).to.satisfy((values: string[]) => values.every((value) => !isStandardBase64(value)));
  });

  it('checks a registration field by field, naming the field', function () {
    expect(() => checkPushRegistration(request())).to.not.throw();
    expectApiError(() => checkPushRegistration(request({ push_public_key: 'AAAA' })), refused("'push_public_key': must encode a 32-byte public key"));
    expectApiError(() => checkPushRegistration(request({ push_public_key: 'AA' })), refused("'push_public_key': must be RFC 4648 standard base64"));
    expectApiError(() => checkPushRegistration(request({ encrypted_push_registration: 'c2VhbGVk-' })), refused("'encrypted_push_registration'"));
    expectApiError(() => checkPushRegistration(request({ bouncer_public_key: '' })), refused("'bouncer_public_key': must not be empty"));
    expectApiError(() => checkPushRegistration(request({ push_account_id: 2 ** 60 })), refused("'push_account_id'"));
  });

  it('adds a token once per app id, and removes only a token that exists', function () {
    const sealed = { token_kind: 'fcm' as const, token_digest: 'd1', token_ciphertext: 'v1:x', ios_app_id: null };
    expect(decideAddPushToken(3, undefined, sealed)).to.deep.equal([{ type: 'PushTokenAdded', data: { user_id: 3, ...sealed } }]);
    expect(decideAddPushToken(3, token(), sealed)).to.deep.equal([]);
    expect(decideRemovePushToken(3, token(), 'fcm', 'd1')).to.deep.equal([{ type: 'PushTokenRemoved', data: { user_id: 3, token_kind: 'fcm', token_digest: 'd1' } }]);
    expectApiError(() => decideRemovePushToken(3, undefined, 'fcm', 'd1'), refused('Token does not exist'));
  });

  it('records a registration with the bouncer\'s outcome, and nothing for a retry of the recorded one', function () {
    const [active] = decideRegisterPushDevice(3, undefined, request(), 'r1', { status: 'active', device_id: 'b-1' });
    expect(active.data).to.include({ status: 'active', bouncer_device_id: 'b-1', error_code: null, registration_digest: 'r1' });
    const [failed] = decideRegisterPushDevice(3, undefined, request(), 'r1', { status: 'failed', error_code: 'REQUEST_EXPIRED' });
    expect(failed.data).to.include({ status: 'failed', bouncer_device_id: null, error_code: 'REQUEST_EXPIRED' });
    expect(decideRegisterPushDevice(3, device(), request(), 'r1', { status: 'active', device_id: 'b-2' })).to.deep.equal([]);
    expect(decideRegisterPushDevice(3, device(), request(), 'r2', { status: 'active', device_id: 'b-2' })).to.have.length(1);
  });

  it('picks test targets: the named token or all; active devices, or the named push account', function () {
    const tokens = [token(), token({ token_digest: 'd2' })];
    expect(legacyTestTargets(tokens, null)).to.have.length(2);
    expect(legacyTestTargets(tokens, ['zz', 'd2']).map((each) => each.token_digest)).to.deep.equal(['d2']);
    expectApiError(() => legacyTestTargets(tokens, ['zz']), { code: 'INVALID_PUSH_DEVICE_TOKEN', status: 400, mentions: 'Device not recognized' });
    const devices = [device(), device({ push_account_id: 6, status: 'failed', bouncer_device_id: null, error_code: 'X' })];
    expect(e2eeTestTargets(devices, null).map((each) => each.push_account_id)).to.deep.equal([5]);
    expectApiError(() => e2eeTestTargets(devices, 6), { code: 'NO_ACTIVE_PUSH_DEVICE', status: 400, mentions: 'No active registered push device' });
  });
});
