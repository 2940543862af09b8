import sodium from 'libsodium-wrappers';
import type { ApiClient, ApiResponse } from './api-client.js';
import { isJsonObject, type JsonObject } from './json-fields.js';
import { LoopbackBouncer } from './loopback-bouncer.js';
import { type People, type Person, signUp } from './server-with-people.js';
import { startTestServer, type TestServer } from './test-server.js';

/** A device's push key pair, as a client would make it (NaCl box keys). */
export interface DeviceKeys {
  publicKey: string;
  privateKey: Uint8Array;
}

export async function newDeviceKeys(): Promise<DeviceKeys> {
  await sodium.ready;
  const pair = sodium.crypto_box_keypair();
  return { publicKey: Buffer.from(pair.publicKey).toString('base64'), privateKey: pair.privateKey };
}

/** Opens a payload the server sealed to the device, as the device would. */
export async function openSealed(encrypted: unknown, keys: DeviceKeys): Promise<JsonObject> {
  await sodium.ready;
  const opened = sodium.crypto_box_seal_open(Buffer.from(String(encrypted), 'base64'), Buffer.from(keys.publicKey, 'base64'), keys.privateKey);
  const parsed: unknown = JSON.parse(new TextDecoder().decode(opened));
  if (!isJsonObject(parsed)) throw new Error('sealed payload is not an object');
  return parsed;
}

/** The five fields of POST /mobile_push/register, valid unless overridden. */
export function registration(keys: DeviceKeys, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    token_kind: 'fcm',
    push_account_id: 2408,
    push_public_key: keys.publicKey,
    bouncer_public_key: 'Ym91bmNlci1rZXktMjAyNg==',
    encrypted_push_registration: Buffer.from(`sealed for the bouncer ${JSON.stringify(overrides)}`).toString('base64'),
    ...overrides,
  };
}

export const registerDevice = (client: ApiClient, params: Record<string, unknown>): Promise<ApiResponse> => client.post('/mobile_push/register', params);

/** A test server whose push service is a loopback bouncer (with a short deadline), and the people named signed up. */
export async function startPushServer<K extends Person>(...people: K[]): Promise<{ server: TestServer; bouncer: LoopbackBouncer } & People<K>> {
  const bouncer = await LoopbackBouncer.start();
  const server = await startTestServer({ env: { CHAT_PUSH_BOUNCER_URL: bouncer.url, CHAT_PUSH_BOUNCER_TIMEOUT_MS: '300' } });
  return { server, bouncer, ...(await signUp(server, ...people)) };
}
