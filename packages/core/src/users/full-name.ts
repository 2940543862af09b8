import { badRequest } from '../errors.js';
import { MAX_USER_NAME_LENGTH } from '../realm/realm-constants.js';

/** Checks a display name and returns it trimmed. */
export function checkFullName(raw: string, param = 'full_name'): string {
  const name = raw.trim();
  if (name.length === 0) throw badRequest(`Invalid '${param}': name must not be empty`);
  if (name.length > MAX_USER_NAME_LENGTH) {
    throw badRequest(`Invalid '${param}': name is longer than ${MAX_USER_NAME_LENGTH} characters`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw badRequest(`Invalid '${param}': name contains control characters`);
  return name;
}
