import { createHash } from 'node:crypto';
import { badRequest } from '@chat/core';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyTooLarge, bodyWasCut } from './body-limits.js';
import { sendError, successBody, toApiError } from './envelope.js';
import { unknownParams } from './params.js';
import type { RequestSchemaCheck } from './request-schemas.js';
import { retryAfterHeader } from './rate-limit.js';
import { sendJsonInSlices } from './sliced-json.js';
import { requestIdOf } from './request-facts.js';
import type { PathParams } from './route-index.js';
import { type Caller, HANDLED, type Route, type UploadedFile } from './route.js';

/** What one request brings to its route, whichever way it came in (express, or the lean lane). */
export interface CallInput {
  /** Query-string and body parameters, one value each, as the client sent them. */
  params: Record<string, unknown>;
  path: PathParams;
  caller: Caller | null;
  files: readonly UploadedFile[];
  req: IncomingMessage;
  res: ServerResponse;
}

export type ServerErrorLog = (error: unknown, req: IncomingMessage) => void;

/** A route with its request schema: parameters → check → view → success envelope. */
export class RouteCallRunner {
  constructor(
    readonly route: Route,
    private readonly check: RequestSchemaCheck,
  ) {}

  async run(input: CallInput): Promise<void> {
    const { params, req, res } = input;
    if (input.caller?.webhookOnly && !this.route.allowIncomingWebhooks) throw badRequest('This API is not available to incoming webhook bots.');
    const ignored = unknownParams(params, this.check.known);
    for (const name of ignored) delete params[name];
    const path: Record<string, unknown> = { ...input.path };
    this.check.check(Object.assign(params, path));
    for (const name of Object.keys(path)) {
      path[name] = params[name];
      delete params[name];
    }
    // Reads (every poll among them) are never retried writes: no await for them.
    const retry = this.route.method === 'GET' ? null : await retryKey(this.route, req, path, params, input.files);
    const result = await this.route.handle({
      params,
      path,
      caller: input.caller,
      requestId: requestIdOf(req),
      retry,
      client: String(req.headers['user-agent'] ?? ''),
      ignored,
      raw: { req, res },
      files: input.files,
    });
    // Serialized in slices and written with back-pressure: a large answer never holds the loop.
    if (result !== HANDLED) await sendJsonInSlices(res, 200, successBody(result, ignored));
  }
}

/** What makes a retried write the same request: the client's request id, and a digest of the request. */
async function retryKey(
  route: Route,
  req: IncomingMessage,
  path: Record<string, unknown>,
  params: Record<string, unknown>,
  files: readonly UploadedFile[],
): Promise<{ requestId: string; fingerprint: string } | null> {
  // Only an id the client sent and the server kept (see request-facts.ts) names a retry.
  const header = req.headers['x-request-id'];
  if (route.method === 'GET' || typeof header !== 'string' || requestIdOf(req) !== header) return null;
  const sorted = (values: Record<string, unknown>) => Object.keys(values).sort().map((name) => [name, values[name]]);
  const digest = createHash('sha256').update(JSON.stringify([route.method, route.path, sorted(path), sorted(params)]));
  for (const file of files) digest.update(JSON.stringify([file.field, file.name, file.contentType, file.size])).update(await readFile(file.path));
  return { requestId: header, fingerprint: digest.digest('hex') };
}

/**
 * The one way a failed request is answered: its API error, or a 500 that says nothing of ours (and is
 * logged). A full disk is logged where it fills and clears (StorageHealth), not with every refusal.
 */
export function answerError(error: unknown, req: IncomingMessage, res: ServerResponse, onServerError?: ServerErrorLog): void {
  const apiError = bodyWasCut(req) ? bodyTooLarge() : toApiError(error);
  if (apiError.status >= 500 && apiError.code !== 'STORAGE_FULL') onServerError?.(error, req);
  if (!res.headersSent) sendError(res, apiError, retryAfterHeader(apiError));
}
