import { badRequest } from '../errors.js';
import { MAX_USER_NAME_LENGTH } from '../realm/realm-constants.js';
import { BOT_EMAIL_SUFFIX } from './bot-types.js';

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;

/** A bot's address from its short name: `<short name>-bot@<bot domain>`, refused when it is no address. */
export function botEmail(shortNameRaw: string, botDomain: string): string {
  const shortName = shortNameRaw.trim();
  if (shortName.length === 0) throw badRequest('Bad name or username');
  const local = `${shortName}${BOT_EMAIL_SUFFIX}`;
  if (!LOCAL_PART.test(local) || local.startsWith('.') || local.includes('..') || local.length > 64) throw badRequest('Bad name or username');
  return `${local}@${botDomain}`.toLowerCase();
}

/** A bot's display name, with the public server's messages for a bad one. */
export function checkBotFullName(raw: string): string {
  const name = raw.trim();
  if (name.length > MAX_USER_NAME_LENGTH) throw badRequest('Name too long!');
  if (name.length === 0) throw badRequest('Name must not be empty!');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f*`\\>"@]/.test(name)) throw badRequest('Invalid characters in name!');
  // A trailing `|<digits>` would read as a mention's user id.
  if (/\|\d+$/.test(raw)) throw badRequest('Invalid format!');
  return name;
}
