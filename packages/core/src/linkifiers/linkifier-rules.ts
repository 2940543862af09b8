import { administratorRequired, badRequest } from '../errors.js';
import { isAdminRole } from '../roles.js';
import type { UserState } from '../users/user-state.js';
import type { LinkifierState } from './linkifier-state.js';
import { urlTemplateVariables } from './url-template.js';

/** What every linkifier decision sees. */
export interface LinkifierContext {
  actor: UserState;
  linkifiers: readonly LinkifierState[];
  /**
   * The named groups of a pattern, or the reason it is not a valid RE2 expression; passed in so the
   * domain stays free of the regular-expression engine.
   */
  patternGroups: (pattern: string) => string[] | { error: string };
}

export function requireAdministrator(actor: UserState): void {
  if (!isAdminRole(actor.role)) throw administratorRequired();
}

/** A field's validation failure: `msg` and the per-field `errors` the public API adds to it. */
export const invalidField = (field: string, message: string) => badRequest(message, { errors: { [field]: [message] } });

const first = (names: Iterable<string>): string | undefined => [...names].sort()[0];

/**
 * A pattern and URL template that fit together: a valid pattern, a valid RFC 6570 template, every
 * template variable a group of the pattern and every group used by the template; and a pattern no
 * other linkifier has.
 */
export function checkLinkifier(ctx: LinkifierContext, pattern: string, urlTemplate: string, selfId: number | null): void {
  const groups = ctx.patternGroups(pattern);
  if (!Array.isArray(groups)) throw invalidField('pattern', `Bad regular expression: ${groups.error}`);
  const variables = urlTemplateVariables(urlTemplate);
  if (variables === null) throw invalidField('url_template', 'Invalid URL template.');
  const notInPattern = first(variables.filter((name) => !groups.includes(name)));
  if (notInPattern !== undefined) throw invalidField('__all__', `Group '${notInPattern}' in URL template is not present in linkifier pattern.`);
  const notInTemplate = first(groups.filter((name) => !variables.includes(name)));
  if (notInTemplate !== undefined) throw invalidField('__all__', `Group '${notInTemplate}' in linkifier pattern is not present in URL template.`);
  if (ctx.linkifiers.some((linkifier) => linkifier.id !== selfId && linkifier.pattern === pattern)) {
    throw invalidField('__all__', 'Realm filter with this Realm and Pattern already exists.');
  }
}

export function requireLinkifier(linkifiers: readonly LinkifierState[], id: number): LinkifierState {
  const found = linkifiers.find((linkifier) => linkifier.id === id);
  if (!found) throw badRequest('Linkifier not found.');
  return found;
}
