import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { ApiError } from '@chat/core';
import type { Route } from './route.js';

const KIB = 1024;
const MIB = 1024 * KIB;

/** How much of a body a route reads: in all, per field, and how many fields. Files are counted apart. */
export interface BodyLimits {
  /** Bytes of the whole body (a route that takes a file adds the file's limit). */
  maxBytes: number;
  fields: number;
  fieldBytes: number;
}

/** Routes anyone may call (logins, invitation accepts) take a few short fields: nobody is known yet. */
export const UNAUTHENTICATED_BODY: BodyLimits = { maxBytes: 64 * KIB, fields: 32, fieldBytes: 16 * KIB };
/** Authenticated routes: a megabyte, as the urlencoded parser always allowed. */
export const AUTHENTICATED_BODY: BodyLimits = { maxBytes: MIB, fields: 1000, fieldBytes: MIB };

export function bodyLimitsOf(route: Route): BodyLimits {
  const base = route.auth === 'none' ? UNAUTHENTICATED_BODY : AUTHENTICATED_BODY;
  return route.upload ? { ...base, maxBytes: base.maxBytes + route.upload.maxBytes } : base;
}

export const bodyTooLarge = (): ApiError => new ApiError('BAD_REQUEST', 413, 'Request body too large');

const cut = new WeakSet<IncomingMessage>();

/** Whether the request's body was cut for passing its limit (whatever error the parser then reported). */
export const bodyWasCut = (req: IncomingMessage): boolean => cut.has(req);

/** How long a refused body is still read (and thrown away) after the answer before its connection is closed. */
const LINGER_MS = 2_000;

/**
 * Closes a connection whose body was refused only after its client could read the answer. Closing at
 * once, with the body still arriving, makes the kernel reset the connection, and a client still
 * sending then often loses the 413 it was already sent (the "lingering close" of HTTP servers): the
 * rest of the body is read and discarded for up to LINGER_MS, then the connection is dropped.
 */
function lingerThenClose(req: IncomingMessage, res: Response): void {
  // No "Connection: close": Node would then close the socket as soon as the answer is written.
  res.on('finish', () => {
    req.resume();
    if (req.complete) return;
    const drop = setTimeout(() => req.socket.destroy(), LINGER_MS);
    drop.unref();
    req.once('end', () => clearTimeout(drop));
  });
}

/**
 * Refuses a body over the limit before reading it when its length is declared; a chunked body is
 * counted as it arrives and its connection dropped once it passes the limit, so no route ever holds
 * more than `maxBytes` of it.
 */
export function bodyCap(limits: BodyLimits): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = req.headers['content-length'];
    if (declared !== undefined) {
      if (Number(declared) > limits.maxBytes) {
        lingerThenClose(req, res);
        return next(bodyTooLarge());
      }
      return next();
    }
    if (req.headers['transfer-encoding'] !== undefined) {
      let received = 0;
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received <= limits.maxBytes || cut.has(req)) return;
        cut.add(req);
        req.destroy(bodyTooLarge());
      });
    }
    next();
  };
}

/** The urlencoded parser with the route's limits (run after authentication, so strangers' bodies stay small). */
export function urlencodedBody(limits: BodyLimits): RequestHandler {
  return express.urlencoded({ extended: false, limit: limits.maxBytes, parameterLimit: limits.fields });
}
