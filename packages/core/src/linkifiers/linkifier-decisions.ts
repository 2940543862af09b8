import { badRequest, missingArgument } from '../errors.js';
import type { LinkifierAdded, LinkifierRemoved, LinkifiersReordered, LinkifierUpdated } from '../events/linkifier-events.js';
import { checkLinkifier, type LinkifierContext, requireLinkifier, requireAdministrator } from './linkifier-rules.js';
import { inLinkifierOrder } from './linkifier-state.js';

export interface LinkifierInput {
  pattern?: string;
  url_template?: string;
}

function required(input: LinkifierInput): { pattern: string; url_template: string } {
  if (input.pattern === undefined) throw missingArgument('pattern');
  if (input.url_template === undefined) throw missingArgument('url_template');
  return { pattern: input.pattern, url_template: input.url_template };
}

/** POST /realm/filters: administrators only; the new linkifier is processed last. */
export function decideAddLinkifier(ctx: LinkifierContext, linkifierId: number, input: LinkifierInput): LinkifierAdded[] {
  requireAdministrator(ctx.actor);
  const { pattern, url_template } = required(input);
  checkLinkifier(ctx, pattern, url_template, null);
  const order = ctx.linkifiers.reduce((next, linkifier) => Math.max(next, linkifier.order + 1), 0);
  return [{ type: 'LinkifierAdded', data: { linkifier_id: linkifierId, pattern, url_template, order } }];
}

/** PATCH /realm/filters/{filter_id}: both fields are replaced; nothing is recorded when neither changes. */
export function decideUpdateLinkifier(ctx: LinkifierContext, linkifierId: number, input: LinkifierInput): LinkifierUpdated[] {
  requireAdministrator(ctx.actor);
  const current = requireLinkifier(ctx.linkifiers, linkifierId);
  const { pattern, url_template } = required(input);
  checkLinkifier(ctx, pattern, url_template, linkifierId);
  if (current.pattern === pattern && current.url_template === url_template) return [];
  return [{ type: 'LinkifierUpdated', data: { linkifier_id: linkifierId, pattern, url_template } }];
}

/** DELETE /realm/filters/{filter_id} */
export function decideRemoveLinkifier(ctx: LinkifierContext, linkifierId: number): LinkifierRemoved[] {
  requireAdministrator(ctx.actor);
  requireLinkifier(ctx.linkifiers, linkifierId);
  return [{ type: 'LinkifierRemoved', data: { linkifier_id: linkifierId } }];
}

/** PATCH /realm/linkifiers: every linkifier id exactly once, in the new order. */
export function decideReorderLinkifiers(ctx: LinkifierContext, order: readonly number[] | undefined): LinkifiersReordered[] {
  requireAdministrator(ctx.actor);
  if (order === undefined) throw missingArgument('ordered_linkifier_ids');
  if (new Set(order).size !== order.length) throw badRequest('The ordered list must not contain duplicated linkifiers');
  const known = new Set(ctx.linkifiers.map((linkifier) => linkifier.id));
  if (order.length !== known.size || order.some((id) => !known.has(id))) throw badRequest('You must provide all linkifiers to reorder');
  const current = inLinkifierOrder(ctx.linkifiers).map((linkifier) => linkifier.id);
  if (current.every((id, index) => order[index] === id)) return [];
  return [{ type: 'LinkifiersReordered', data: { order: [...order] } }];
}
