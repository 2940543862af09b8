import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '@chat/core';

/**
 * A counter of requests per key over a window, wherever its counts live (this process, or a store
 * several API processes share). Answers are the wait before the key may go on, in milliseconds.
 */
export interface RateLimiter {
  /** Counts one request of `key`: null while within the limit, else how long until it may go on. */
  hit(key: string): Promise<number | null>;
  /** Counts one request of `key` and tells where its count stands (what the X-RateLimit-* headers say). */
  count(key: string): Promise<RateLimitCount>;
  /** Forgets what `key` counted (a password that was right clears the failures before it). */
  reset(key: string): Promise<void>;
}

/** Where a key's count stands after a request. */
export interface RateLimitCount {
  /** How many requests the window allows. */
  limit: number;
  /** How many more it allows now. */
  remaining: number;
  /** Milliseconds until the window starts over. */
  resetMs: number;
  /** null while within the limit, else how long until the key may go on. */
  waitMs: number | null;
}

/** The three limits, as Zulip has them: per user, per address for strangers, and for attempts to authenticate. */
export interface RateLimits {
  /** Authenticated requests, per user. */
  user: RateLimiter | null;
  /** Unauthenticated requests, per client address. */
  ip: RateLimiter | null;
  /**
   * Attempts to authenticate, per account name as Zulip's `authenticate_by_username` keys them:
   * passwords at /fetch_api_key (every attempt counts, one that succeeds clears the count; over the
   * limit the name's passwords are refused unread), and refused Basic credentials (over the limit a
   * wrong key is answered 429; a right one always passes). Never per address.
   */
  auth: RateLimiter | null;
  /** The client's address (a trusted proxy's X-Forwarded-For, or the socket's peer). */
  clientAddress(req: IncomingMessage): string;
}

/** 429 RATE_LIMIT_HIT with `retry-after` in seconds in the body; the Retry-After header is added where it is written. */
export function rateLimitHit(waitMs: number): ApiError {
  return new ApiError('RATE_LIMIT_HIT', 429, 'API usage exceeded rate limit', { 'retry-after': waitMs / 1000 });
}

/** How long a client refused for lack of storage space is asked to wait before trying again. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 30;

/** The Retry-After header for a refusal that asks the client to wait: whole seconds, at least one. */
export function retryAfterHeader(error: ApiError): Record<string, string> {
  if (error.code === 'STORAGE_FULL') return { 'Retry-After': String(STORAGE_FULL_RETRY_AFTER_SECONDS) };
  const seconds = error.extras['retry-after'];
  return error.code === 'RATE_LIMIT_HIT' && typeof seconds === 'number' ? { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) } : {};
}

/** The public server's headers on every counted answer: the window's limit, what is left of it, and when it starts over (Unix seconds). */
export function rateLimitHeaders(count: RateLimitCount, now: number = Date.now()): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(count.limit),
    'X-RateLimit-Remaining': String(Math.max(0, count.remaining)),
    'X-RateLimit-Reset': String(Math.floor((now + count.resetMs) / 1000)),
  };
}

/**
 * Counts the request against `limiter` under the key `keyOf` gives and says so in the answer's
 * X-RateLimit-* headers; over the limit, the request goes no further.
 */
export function limitBy(limiter: RateLimiter, keyOf: (req: Request) => string | null): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = keyOf(req);
    if (key === null) return next();
    limiter.count(key).then((count) => {
      for (const [name, value] of Object.entries(rateLimitHeaders(count))) res.setHeader(name, value);
      next(count.waitMs === null ? undefined : rateLimitHit(count.waitMs));
    }, next);
  };
}

/** The account name an attempt names, as the authentication limit keys it (addresses are case-insensitive). */
const accountKey = (kind: 'password' | 'key', name: string): string => `${kind}:${name.trim().toLowerCase()}`;

/**
 * A password for `username`, checked by `attempt` (which throws a 401 ApiError when it is wrong):
 * counted before it is read, so parallel guesses cannot pass the limit together; over the limit
 * refused unread; a right one clears the name's count. Other names, and API keys, are not touched.
 */
export async function limitPasswordAttempt<T>(limits: RateLimits, username: string, attempt: () => Promise<T>): Promise<T> {
  const limiter = limits.auth;
  if (!limiter) return attempt();
  const key = accountKey('password', username);
  const waitMs = await limiter.hit(key);
  if (waitMs !== null) throw rateLimitHit(waitMs);
  const outcome = await attempt();
  await limiter.reset(key);
  return outcome;
}

/** Counts refused Basic credentials against their account name: null to answer the refusal as it is, else the wait (429). */
export async function countRefusedCredentials(limits: RateLimits, name: string): Promise<number | null> {
  return (await limits.auth?.hit(accountKey('key', name))) ?? null;
}

/** No limits: the default of createApp, and what tests that exercise other things use. */
export const NO_RATE_LIMITS: RateLimits = { user: null, ip: null, auth: null, clientAddress: (req) => req.socket.remoteAddress ?? '' };
