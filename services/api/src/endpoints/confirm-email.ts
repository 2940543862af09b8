import type { Request, Response } from 'express';
import { ApiError, streams } from '@chat/core';
import { sendError } from '@chat/http';
import { escapeHtml } from '@chat/wire';
import { emailClaims } from '../actions/update-user.js';
import { tokenDigest } from '../actions/update-settings.js';
import { currentRevision } from '../commands/expected-revision.js';
import type { ServerContext } from '../server-context.js';

/** GET /accounts/confirm_new_email/{token}: the link mailed by PATCH /settings completes an address change. */
export function confirmEmailChange(ctx: ServerContext) {
  return async (req: Request, res: Response): Promise<void> => {
    const digest = tokenDigest(String(req.params.token));
    const users = await ctx.models.users.all();
    const user = users.find((candidate) => candidate.pending_email_change?.token_digest === digest);
    const pending = user?.pending_email_change;
    if (!user || !pending || pending.expires_at < ctx.clock.now()) {
      return sendError(res, new ApiError('BAD_REQUEST', 400, 'This confirmation link is invalid or has expired.'));
    }
    if (users.some((other) => other.email === pending.new_email)) {
      return sendError(res, new ApiError('BAD_REQUEST', 400, `Email '${pending.new_email}' already in use`));
    }
    const stream = streams.user(user.user_id);
    const origin = { actorId: user.user_id, requestId: `confirm-email-${digest.slice(0, 16)}`, client: String(req.headers['user-agent'] ?? '') };
    await ctx.bus.run(origin, async () => {
      const events = [{ type: 'UserEmailChanged' as const, data: { user_id: user.user_id, email: pending.new_email, previous_email: user.email } }];
      const appends = await emailClaims(ctx, events, user.user_id);
      appends.push({ stream, expected: await currentRevision(ctx.store, stream), events });
      return { appends, result: undefined };
    });
    res.type('html').send(`<!doctype html><title>Address confirmed</title><p>Your address is now ${escapeHtml(pending.new_email)}.</p>`);
  };
}
