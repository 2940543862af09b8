/**
 * The part of sodium-native (libsodium's Node binding, which ships no types) that sealed boxes use:
 * one-shot calls that write into buffers the caller gives, with no object made per call.
 */
declare module 'sodium-native' {
  export interface Sodium {
    readonly crypto_hash_sha256_BYTES: number;
    /** Writes ciphertext and tag into `c` (m.byteLength + 16 long); answers how many bytes it wrote. */
    crypto_aead_chacha20poly1305_ietf_encrypt(c: Uint8Array, m: Uint8Array, ad: Uint8Array | null, nsec: null, npub: Uint8Array, k: Uint8Array): number;
    /** Writes the plaintext into `m` (c.byteLength - 16 long); throws when the tag does not verify. */
    crypto_aead_chacha20poly1305_ietf_decrypt(m: Uint8Array, nsec: null, c: Uint8Array, ad: Uint8Array | null, npub: Uint8Array, k: Uint8Array): number;
    crypto_hash_sha256(out: Uint8Array, input: Uint8Array): void;
  }
}
