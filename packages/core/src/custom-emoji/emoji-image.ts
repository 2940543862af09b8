const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** Whether `bytes` hold `expected` from `offset` on. */
const startsWith = (bytes: Uint8Array, expected: readonly number[], offset = 0): boolean => expected.every((byte, index) => bytes[offset + index] === byte);

/** The image types a custom emoji may be, recognised by their first bytes (a part's declared type is not trusted). */
const SIGNATURES: readonly { type: string; ext: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { type: 'image/png', ext: 'png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/gif', ext: 'gif', matches: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  { type: 'image/jpeg', ext: 'jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/webp', ext: 'webp', matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
];

/** The image type and file extension of `bytes`, or null when they are not an image a custom emoji may be. */
export function emojiImageType(bytes: Uint8Array): { type: string; ext: string } | null {
  const found = SIGNATURES.find((signature) => signature.matches(bytes));
  return found ? { type: found.type, ext: found.ext } : null;
}
