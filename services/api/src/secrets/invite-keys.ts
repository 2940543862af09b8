import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret in an invitation link: 32 url-safe characters (24 random bytes). Only its digest is
 * logged and kept in the read model, so the log cannot be used to join; a presented key is found
 * by its digest.
 */
export const newInviteKey = (): string => randomBytes(24).toString('base64url');

export const inviteKeyDigest = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The link a new user opens: `<external URL>/join/<key>/`. */
export const inviteLinkUrl = (externalUrl: string, key: string): string => `${externalUrl}/join/${key}/`;
