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
  /** Counts nothing: null while `key` is within the limit, else how long until it may go on. */
  blockedFor(key: string): Promise<number | null>;
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
  /** Failed attempts to authenticate (passwords at /fetch_api_key, refused Basic credentials), per client address; over it, every attempt is refused unread. */
  auth: RateLimiter | null;
  /** The client's address (a trusted proxy's X-Forwarded-For, or the socket's peer). */
  clientAddress(req: IncomingMessage): string;
}

/** 429 RATE_LIMIT_HIT with `retry-after` in seconds in the body; the Retry-After header is added where it is written. */
export function rateLimitHit(waitMs: number): ApiError {
  return new ApiError('RATE_LIMIT_HIT', 429, 'API usage exceeded rate limit', { 'retry-after': waitMs / 1000 });
}

/** The Retry-After header for a refusal: whole seconds, at least one. */
export function retryAfterHeader(error: ApiError): Record<string, string> {
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

/** Refuses, unread, a request from an address that has failed to authenticate too often. */
export function authenticationGate(limits: RateLimits): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!limits.auth) return next();
    limits.auth.blockedFor(limits.clientAddress(req)).then((waitMs) => next(waitMs === null ? undefined : rateLimitHit(waitMs)), next);
  };
}

/** Counts a failed attempt to authenticate against the client's address. */
export async function countFailedAuthentication(limits: RateLimits, req: IncomingMessage): Promise<void> {
  await limits.auth?.hit(limits.clientAddress(req));
}

/** No limits: the default of createApp, and what tests that exercise other things use. */
export const NO_RATE_LIMITS: RateLimits = { user: null, ip: null, auth: null, clientAddress: (req) => req.socket.remoteAddress ?? '' };
