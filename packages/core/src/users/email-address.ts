/** Email addresses compare without regard to case; the log keeps them as given, lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL_SHAPE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export const isValidEmail = (email: string): boolean => email.length <= 254 && EMAIL_SHAPE.test(email);

/** The placeholder address shown to people who may not see a user's real one. */
export const dummyEmail = (userId: number, realmHost: string): string => `user${userId}@${realmHost}`;
