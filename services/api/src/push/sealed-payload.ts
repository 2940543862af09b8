import { createRequire } from 'node:module';
import type * as Sodium from 'libsodium-wrappers';

// Required rather than imported: the compiled server runs as a script with V8's code cache, where a
// dynamic import() is an experimental path (tools/build/code-cache.mjs).
const load = createRequire(import.meta.url);

/**
 * A push payload sealed to the device's public key (libsodium's sealed box: X25519 with an ephemeral
 * key, XSalsa20-Poly1305), standard base64. Only the device can open it; the bouncer and the
 * platform services see ciphertext.
 */
export async function sealPayload(pushPublicKey: string, payload: Record<string, unknown>): Promise<string> {
  // Loaded with the first sealed push, not at every start (most servers never push).
  const sodium = load('libsodium-wrappers') as typeof Sodium;
  await sodium.ready;
  const sealed = sodium.crypto_box_seal(new TextEncoder().encode(JSON.stringify(payload)), Buffer.from(pushPublicKey, 'base64'));
  return Buffer.from(sealed).toString('base64');
}
