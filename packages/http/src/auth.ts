import type { NextFunction, Request, RequestHandler, Response } from 'express';
import basicAuth from 'express-basic-auth';
import { ApiError, unauthorized } from '@chat/core';
import { errorBody, sendError } from './envelope.js';
import { countRefusedCredentials, rateLimitHit, type RateLimits } from './rate-limit.js';
import type { Caller } from './route.js';

/**
 * Looks credentials up in an index (never by scanning users) and compares keys in constant time.
 * A refusal says why: an invalid key, or a deactivated account.
 */
export interface Authenticator {
  authenticate(email: string, apiKey: string): Promise<Caller | ApiError>;
}

export const REALM_CHALLENGE = 'Basic realm="chat"';

interface AuthState {
  caller?: Caller;
  refusal?: ApiError;
}
const states = new WeakMap<Request, AuthState>();

export const callerOf = (req: Request): Caller | null => states.get(req)?.caller ?? null;

/**
 * HTTP Basic auth through express-basic-auth with an async authorizer. The authorizer is bound to the
 * request, so what it finds travels with that request and never through shared state.
 */
export function basicAuthentication(authenticator: Authenticator, optional: boolean, limits: RateLimits): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.headers.authorization) {
      if (optional) return next();
      return sendError(res, unauthorized(), { 'WWW-Authenticate': REALM_CHALLENGE });
    }
    checkCredentials(authenticator, limits, req, res, next);
  };
}

/**
 * Credentials are always checked, so right ones pass whatever others tried; a refusal counts against
 * the account name it gave, and past the authentication limit it is answered 429 instead of 401.
 */
function checkCredentials(authenticator: Authenticator, limits: RateLimits, req: Request, res: Response, next: NextFunction): void {
  const state: AuthState = {};
  states.set(req, state);
  const verify = async (email: string, key: string): Promise<boolean> => {
    const outcome = await authenticator.authenticate(email, key);
    if (!(outcome instanceof ApiError)) {
      state.caller = outcome;
      return true;
    }
    state.refusal = outcome;
    const waitMs = await countRefusedCredentials(limits, email);
    if (waitMs !== null) throw rateLimitHit(waitMs);
    return false;
  };
  basicAuth({
    authorizeAsync: true,
    challenge: true,
    realm: 'chat',
    authorizer: (email: string, key: string, done: (error: null, ok: boolean) => void) => {
      verify(email, key).then(
        (ok) => done(null, ok),
        // express-basic-auth asserts on an authorizer error; a lookup failure or a 429 is ours, so it goes to the error handler.
        (error: unknown) => next(error),
      );
    },
    unauthorizedResponse: () => errorBody(state.refusal ?? unauthorized('Invalid credentials')),
  })(req, res, next);
}
