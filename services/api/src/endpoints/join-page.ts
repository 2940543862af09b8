import { isInviteLinkUsable } from '@chat/core';
import { type CallOf, HANDLED, type RouteResult, sendHtml } from '@chat/http';
import { REALM_KEY } from '@chat/projections';
import { escapeHtml } from '@chat/wire';
import { inviteKeyDigest } from '../secrets/invite-keys.js';
import type { Clocked, Configured, Reads } from '../dependencies.js';

/**
 * GET /join/<key>/: the page an invitation link opens. There is no web app: it says whether the link
 * still works and how to accept it (a form that posts to /api/v1/invites/multiuse/accept, and the
 * same call with curl); an unknown, revoked or expired link gets a 404 page saying so.
 */
export async function joinPage(ctx: Clocked & Configured & Reads<'invites' | 'realm'>, call: CallOf<'invite-join-page'>): Promise<RouteResult> {
  const { key } = call.path;
  const invite = await ctx.models.invites.findOne('key_digest', inviteKeyDigest(key));
  const realm = await ctx.models.realm.get(REALM_KEY);
  const name = escapeHtml(realm?.name ?? 'this organization');
  const noStore = { 'Cache-Control': 'no-store' };
  if (!invite || !isInviteLinkUsable(invite, ctx.clock.now())) {
    const gone = `<p>This invitation link to ${name} is unknown, revoked or expired. Ask whoever invited you for a new one.</p>`;
    sendHtml(call.raw.res, 404, page('Invitation link not valid', gone), noStore);
    return HANDLED;
  }
  const accept = `${ctx.config.externalUrl}/api/v1/invites/multiuse/accept`;
  const safeKey = escapeHtml(key);
  sendHtml(
    call.raw.res,
    200,
    page(
      `Join ${name}`,
      `<p>You are invited to join ${name}. Choose your account's details (the password needs at least 8 characters):</p>
<form method="post" action="${escapeHtml(accept)}">
<input type="hidden" name="key" value="${safeKey}">
<p><label>Email <input name="email" type="email" required></label></p>
<p><label>Full name <input name="full_name" required></label></p>
<p><label>Password <input name="password" type="password" minlength="8" required></label></p>
<p><button>Create my account</button></p>
</form>
<p>Or from a terminal:</p>
<pre>curl -s -d key=${safeKey} -d email=you@example.com -d password=... -d 'full_name=Your Name' ${escapeHtml(accept)}</pre>
<p>Then sign in with any chat client at <code>${escapeHtml(ctx.config.externalUrl)}</code> with that email and password.</p>`,
    ),
    noStore,
  );
  return HANDLED;
}

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>\n${body}\n</body></html>\n`;
