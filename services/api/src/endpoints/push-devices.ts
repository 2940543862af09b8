import { badRequest, type PushRegistrationRequest, type PushTokenKind, type UserState } from '@chat/core';
import type { CallOf, RouteCall } from '@chat/http';
import { registerPushDevice } from '../actions/push-registration.js';
import { sendE2eeTestPush, sendTestPush } from '../actions/push-test-notifications.js';
import { addPushToken, removePushToken } from '../actions/push-tokens.js';
import { callerUser, originOf } from './call-context.js';
import type { Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

/** What registerPushDeviceEndpoint uses. */
type RegisterPushDeviceEndpointDeps = Commands & Configured & Reads<'pushDevices' | 'users'> & Uses<'push'>;
/** What testPushEndpoint uses. */
type TestPushEndpointDeps = Clocked & Configured & Reads<'pushDevices' | 'realm' | 'users'> & Uses<'push'>;

/** A token view: every token route takes `token`; the APNs ones `appid` besides. */
type TokenView = (ctx: Commands & Reads<'pushDevices' | 'users'> & Uses<'push'>, call: RouteCall<{ token: string; appid?: string }>) => Promise<Record<string, unknown>>;

/** Push devices belong to people's phones: bots have none, as in the public API. */
async function humanCaller(ctx: Reads<'users'>, call: RouteCall): Promise<UserState> {
  const user = await callerUser(ctx, call);
  if (user.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  return user;
}

const addToken = (kind: PushTokenKind): TokenView => async (ctx, call) => {
  const appId = kind === 'apns' ? (call.params.appid ?? null) : null;
  await addPushToken(ctx, originOf(call), (await humanCaller(ctx, call)).user_id, kind, call.params.token, appId);
  return {};
};

const removeToken = (kind: PushTokenKind): TokenView => async (ctx, call) => {
  await removePushToken(ctx, originOf(call), (await humanCaller(ctx, call)).user_id, kind, call.params.token);
  return {};
};

/** POST and DELETE /users/me/apns_device_token */
export const addApnsTokenEndpoint = addToken('apns');
export const removeApnsTokenEndpoint = removeToken('apns');
/** POST and DELETE /users/me/android_gcm_reg_id */
export const addFcmTokenEndpoint = addToken('fcm');
export const removeFcmTokenEndpoint = removeToken('fcm');

/** POST /mobile_push/register */
export async function registerPushDeviceEndpoint(ctx: RegisterPushDeviceEndpointDeps, call: CallOf<'push-device-register'>): Promise<Record<string, unknown>> {
  const user = await humanCaller(ctx, call);
  const { token_kind, push_account_id, push_public_key, bouncer_public_key, encrypted_push_registration } = call.params;
  const request: PushRegistrationRequest = { token_kind, push_account_id, push_public_key, bouncer_public_key, encrypted_push_registration };
  await registerPushDevice(ctx, originOf(call), user.user_id, request);
  return {};
}

/** POST /mobile_push/test_notification (deprecated) */
export async function testPushEndpoint(ctx: TestPushEndpointDeps, call: CallOf<'push-test-notification'>): Promise<Record<string, unknown>> {
  const token = call.params.token ?? null;
  await sendTestPush(ctx, (await humanCaller(ctx, call)).user_id, token);
  return {};
}

/** POST /mobile_push/e2ee/test_notification */
export async function e2eeTestPushEndpoint(ctx: TestPushEndpointDeps, call: CallOf<'push-e2ee-test-notification'>): Promise<Record<string, unknown>> {
  const pushAccountId = call.params.push_account_id ?? null;
  await sendE2eeTestPush(ctx, (await humanCaller(ctx, call)).user_id, pushAccountId);
  return {};
}
