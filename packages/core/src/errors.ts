/** Every failure a client can see: the spec's code, the public API's HTTP status, and extra fields. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly extras: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (msg: string, extras: Record<string, unknown> = {}): ApiError =>
  new ApiError('BAD_REQUEST', 400, msg, extras);

export const missingArgument = (name: string): ApiError =>
  new ApiError('REQUEST_VARIABLE_MISSING', 400, `Missing '${name}' argument`, { var_name: name });

export const unauthorized = (msg = 'Not logged in: API authentication or user session required'): ApiError =>
  new ApiError('UNAUTHORIZED', 401, msg);

/** Raised when an action needs an organization administrator (channel folders, default channels). */
export const administratorRequired = (msg = 'Must be an organization administrator'): ApiError =>
  new ApiError('UNAUTHORIZED_PRINCIPAL', 400, msg);

/** Raised when an action needs an organization owner (a channel's message retention). */
export const ownerRequired = (msg = 'Must be an organization owner'): ApiError => new ApiError('UNAUTHORIZED_PRINCIPAL', 400, msg);

/** Raised when an action lacks permission; the public API answers these with 400 BAD_REQUEST. */
export const insufficientPermission = (msg = 'Insufficient permission'): ApiError => badRequest(msg);

/** A channel named in the request is unknown to the caller. */
export const streamDoesNotExist = (name: string): ApiError =>
  new ApiError('STREAM_DOES_NOT_EXIST', 400, `Channel '${name}' does not exist`, { stream: name });

/** The caller already used this X-Request-Id for a different request (method, path or parameters). */
export const requestIdReused = (requestId: string): ApiError =>
  new ApiError('REQUEST_ID_REUSED', 409, `X-Request-Id '${requestId}' was already used for a different request`, { request_id: requestId });

/** A request under this X-Request-Id changed something but its answer is not known (yet): it was applied once. */
export const requestInProgress = (requestId: string): ApiError =>
  new ApiError('REQUEST_IN_PROGRESS', 409, `The request with X-Request-Id '${requestId}' was applied; its answer is not available yet`, { request_id: requestId });

/** Error codes of a write refused for lack of space: SQLite's, and the file system's (no space, over quota). */
const STORAGE_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/** Whether `error` (or an error it was caused by) is a write refused because the storage is full. */
export function isStorageFull(error: unknown): boolean {
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    if (cause instanceof ApiError) return cause.code === 'STORAGE_FULL';
    if ('code' in cause && STORAGE_FULL_CODES.has(String(cause.code))) return true;
  }
  return false;
}

/**
 * A write refused because the server's storage is full: nothing of the request was saved, reads go
 * on, and the same request succeeds once an operator has freed space (no restart needed). 503 with a
 * Retry-After, so clients and proxies treat it as "try again later".
 */
export const storageFull = (): ApiError =>
  new ApiError('STORAGE_FULL', 503, 'The server is out of storage space: nothing was saved. Try again later.');
