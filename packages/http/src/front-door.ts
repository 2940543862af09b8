import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from '@chat/core';
import { errorBody, sendError, serializeBody } from './envelope.js';
import { requestIdOf } from './request-facts.js';

/** The longest request target taken (Zulip's nginx allows 8 KiB lines; longer ones are 414). */
export const MAX_URL_BYTES = 8 * 1024;

export interface Timeouts {
  /** Whole request (headers and body) must arrive within this. */
  requestMs: number;
  /** Headers must arrive within this. */
  headersMs: number;
  /** A connection with no traffic in either direction for this long is closed (held polls send heartbeats sooner). */
  idleMs: number;
}

/** What the front door saw of a request: its target as it arrived (routers rewrite req.url), and how long it took. */
export interface RequestFacts {
  url: string;
  elapsedMs: number;
}

/** What happened to one request, told once its response is finished or its connection closed. */
export type RequestDone = (req: IncomingMessage, res: ServerResponse, facts: RequestFacts) => void;

/** A request target fit for logs: integrations' keys in the query (`api_key=`) are replaced by `REDACTED`. */
export const redactedTarget = (url: string): string => url.replace(/([?&]api_key=)[^&#]*/gi, '$1REDACTED');

/**
 * In front of every request: its id in `X-Request-Id` on the response, a 414 for a target over
 * MAX_URL_BYTES, and `done` told when it ends (the request log and the metrics), with the target's
 * keys redacted.
 */
export function frontDoor(behind: RequestListener, done: RequestDone): RequestListener {
  return (req, res) => {
    const started = performance.now();
    const url = req.url ?? '';
    res.setHeader('X-Request-Id', requestIdOf(req));
    res.once('close', () => done(req, res, { url: redactedTarget(url), elapsedMs: performance.now() - started }));
    if (url.length > MAX_URL_BYTES) return sendError(res, uriTooLong());
    behind(req, res);
  };
}

const uriTooLong = (): ApiError => new ApiError('BAD_REQUEST', 414, `Request URL too long (more than ${MAX_URL_BYTES} bytes)`);

/**
 * An HTTP server with the timeouts set, which answers what Node refuses before any listener runs
 * (headers over its limit, a target too long for them, a request too slow to arrive, malformed
 * requests) in the JSON envelope instead of a bare status.
 */
export function createGuardedServer(listener: RequestListener, timeouts: Timeouts): Server {
  const headersMs = Math.min(timeouts.headersMs, timeouts.requestMs);
  // Node checks the request and header deadlines on this interval: a tenth of the shorter one.
  const connectionsCheckingInterval = Math.max(100, Math.min(30_000, Math.floor(headersMs / 10)));
  const server = createServer({ requestTimeout: timeouts.requestMs, headersTimeout: headersMs, connectionsCheckingInterval }, listener);
  server.timeout = timeouts.idleMs;
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (!socket.writable || socket.destroyed) return socket.destroy();
    const refusal = refusalFor(error);
    if (!refusal) return socket.destroy();
    const text = serializeBody(errorBody(refusal));
    socket.end(
      `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status] ?? 'Bad Request'}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  });
  return server;
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

function refusalFor(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): ApiError | null {
  if (error.code === 'ECONNRESET') return null;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The request line alone past the limit means the target is what is too long.
    const firstLineEnd = error.rawPacket?.indexOf('\r\n') ?? -1;
    if (firstLineEnd < 0 || firstLineEnd > MAX_URL_BYTES) return uriTooLong();
    return new ApiError('BAD_REQUEST', 431, 'Request headers too large');
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new ApiError('BAD_REQUEST', 408, 'Request took too long to arrive');
  return new ApiError('BAD_REQUEST', 400, 'Malformed HTTP request');
}
