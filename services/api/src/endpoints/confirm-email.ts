import { type CallOf, HANDLED, type RouteResult, sendHtml } from '@chat/http';
import { escapeHtml } from '@chat/wire';
import { confirmEmailChange } from '../actions/confirm-email-change.js';
import { tokenDigest } from '../actions/update-settings.js';
import type { Clocked, Commands, LogReads, Reads } from '../dependencies.js';

/** GET /accounts/confirm_new_email/{token}: the link mailed by PATCH /settings completes an address change. */
export async function confirmEmailChangePage(deps: Commands & Reads<'users'> & LogReads & Clocked, call: CallOf<'email-confirm-page'>): Promise<RouteResult> {
  const digest = tokenDigest(call.path.token);
  const email = await confirmEmailChange(deps, { requestId: `confirm-email-${digest.slice(0, 16)}`, client: call.client }, digest);
  sendHtml(call.raw.res, 200, `<!doctype html><title>Address confirmed</title><p>Your address is now ${escapeHtml(email)}.</p>`);
  return HANDLED;
}
