import type { IncomingMessage, ServerResponse } from 'node:http';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type AuthMode = 'required' | 'optional' | 'none';

/** The authenticated caller, as the pipeline hands it to views. */
export interface Caller {
  user_id: number;
  email: string;
  /** An incoming-webhook bot: it may call only the routes that allow such bots (sending messages, integrations). */
  webhookOnly?: true;
}

/**
 * One call of a route, as its view receives it. A view of a route row is typed by the row's request
 * schema (`CallOf<'users-list'>`: the types generated from schemas/api into request-types.ts).
 */
export interface RouteCall<P extends object = Record<string, unknown>, Q extends object = Record<string, unknown>> {
  /** Query-string and body parameters after JSON decoding, coercion and schema validation. */
  params: P;
  /** Path parameters, validated by the same schema. */
  path: Q;
  caller: Caller | null;
  requestId: string;
  /**
   * The X-Request-Id the client sent on a write (not GET), with a digest of what it asked (method,
   * route, parameters, files): the key and check of an idempotent retry. Null when it sent none.
   */
  retry: { requestId: string; fingerprint: string } | null;
  client: string;
  /** Names sent that the route does not take (dropped from params): a view that writes its own envelope reports them. */
  ignored: readonly string[];
  /** Lets a streaming view write the response itself (long-polls, NDJSON exports). */
  raw: { req: IncomingMessage; res: ServerResponse };
  /** File parts of a multipart body; only routes that take uploads receive any. */
  files: readonly UploadedFile[];
}

/** A file part of a multipart body, written to a temporary file as it arrived (removed after the response). */
export interface UploadedFile {
  field: string;
  name: string;
  contentType: string;
  size: number;
  /** Where the bytes are: a view that keeps them moves the file away before answering. */
  path: string;
}

/** A route that takes one file in a multipart body, and how to refuse one that is too large. */
export interface FileUploadLimits {
  maxBytes: number;
  tooLarge: () => Error;
}

/** A view's answer: extra fields for the success envelope, or `handled` when it wrote the response itself. */
export type RouteResult = Record<string, unknown> | typeof HANDLED;
export const HANDLED = Symbol('handled');

export interface Route {
  method: HttpMethod;
  /** Express path under /api/v1, e.g. `/users/:user_id` (from the server's root for a page). */
  path: string;
  auth: AuthMode;
  /** File name (without .json) of the request schema in schemas/api/. */
  schema: string;
  /** Set on routes that take a file: without it a file part is refused. */
  upload?: FileUploadLimits;
  /**
   * Served ahead of express when called plainly (GET, no body, good credentials): for the long-poll,
   * which every client re-arms after each event it receives. Only GET routes with a fixed path.
   */
  lean?: boolean;
  /**
   * The route checks a password for the account its parameter `accountParam` names: each attempt
   * counts against that name for the authentication limit, one that succeeds clears the count.
   */
  authAttempt?: { accountParam: string };
  /**
   * A page outside /api/v1 (a download, a confirmation link, an ops endpoint): its path is from the
   * server's root, its view writes the response itself, and a method it lacks is not found (404).
   */
  page?: boolean;
  /** Never counted against the rate limits (ops endpoints, static files, downloads). */
  unmetered?: boolean;
  /** Incoming-webhook bots may call it (POST /messages and the integrations); every other route refuses them. */
  allowIncomingWebhooks?: boolean;
  /** The handler reads the body itself, whatever its content type (integrations' payloads): no urlencoded parsing. */
  rawBody?: boolean;
  handle(call: RouteCall): Promise<RouteResult>;
}
