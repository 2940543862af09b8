import type { Request, Response } from 'express';
import { ApiError } from '@chat/core';
import { sendError } from '@chat/http';
import { escapeHtml } from '@chat/wire';
import { confirmEmailChange } from '../actions/confirm-email-change.js';
import { tokenDigest } from '../actions/update-settings.js';
import type { Clocked, Commands, LogReads, Reads } from '../dependencies.js';

/** GET /accounts/confirm_new_email/{token}: the link mailed by PATCH /settings completes an address change. */
export function confirmEmailChangePage(deps: Commands & Reads<'users'> & LogReads & Clocked) {
  return async (req: Request, res: Response): Promise<void> => {
    const digest = tokenDigest(String(req.params.token));
    const origin = { requestId: `confirm-email-${digest.slice(0, 16)}`, client: String(req.headers['user-agent'] ?? '') };
    try {
      const email = await confirmEmailChange(deps, origin, digest);
      res.type('html').send(`<!doctype html><title>Address confirmed</title><p>Your address is now ${escapeHtml(email)}.</p>`);
    } catch (error) {
      if (error instanceof ApiError) return sendError(res, error);
      throw error;
    }
  };
}
