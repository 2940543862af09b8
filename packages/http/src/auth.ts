import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import basicAuth from 'basic-auth';
import { ApiError, unauthorized } from '@chat/core';
import { sendError } from './envelope.js';
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

/** The authenticated caller, kept on the request itself (as request-facts.ts keeps its facts, and for the same reason). */
const CALLER = Symbol('caller');
type WithCaller = IncomingMessage & { [CALLER]?: Caller };

export const callerOf = (req: IncomingMessage): Caller | null => (req as WithCaller)[CALLER] ?? null;

/**
 * The one check of a request's credentials, for both lanes (express's chain and the lean lane): the
 * Basic `Authorization` header parsed by `basic-auth`, then the email and API key through the
 * authenticator's rules. Null when the request carries no Basic credentials that parse; the caller is
 * kept with the request (`callerOf`).
 */
export async function authenticateBasic(req: IncomingMessage, authenticator: Authenticator): Promise<Caller | ApiError | null> {
  const credentials = basicAuth(req);
  if (!credentials) return null;
  const outcome = await authenticator.authenticate(credentials.name, credentials.pass);
  if (!(outcome instanceof ApiError)) (req as WithCaller)[CALLER] = outcome;
  return outcome;
}

/**
 * HTTP Basic auth in express's chain: no credentials pass on an optional route and are asked for
 * (401 with the challenge) on the others. Credentials are always checked, so right ones pass whatever
 * others tried; a refusal counts against the account name it gave (as the public server's
 * authenticate_by_username), and past the authentication limit it is answered 429 instead of 401.
 */
export function basicAuthentication(authenticator: Authenticator, optional: boolean, limits: RateLimits): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.headers.authorization) {
      if (optional) return next();
      return sendError(res, unauthorized(), { 'WWW-Authenticate': REALM_CHALLENGE });
    }
    checkCredentials(authenticator, limits, req, res, next).catch(next);
  };
}

async function checkCredentials(authenticator: Authenticator, limits: RateLimits, req: Request, res: Response, next: NextFunction): Promise<void> {
  const outcome = await authenticateBasic(req, authenticator);
  if (outcome !== null && !(outcome instanceof ApiError)) return next();
  if (outcome !== null) {
    const waitMs = await countRefusedCredentials(limits, basicAuth(req)?.name ?? '');
    if (waitMs !== null) throw rateLimitHit(waitMs);
  }
  sendError(res, outcome ?? unauthorized('Invalid credentials'), { 'WWW-Authenticate': REALM_CHALLENGE });
}
