import { ApiError } from '@chat/core';

/**
 * An event type the service sends that this integration does not turn into messages: answered as the
 * public server answers it, an error body with status 200 (so the service does not retry it).
 */
export const unsupportedEvent = (displayName: string, eventType: string): ApiError =>
  new ApiError('UNSUPPORTED_WEBHOOK_EVENT_TYPE', 200, `The '${eventType}' event isn't currently supported by the ${displayName} webhook; ignoring`, {
    webhook_name: displayName,
    event_type: eventType,
  });

/** A request without the header that names its event type (X-GitHub-Event, …). */
export const missingEventHeader = (header: string): ApiError =>
  new ApiError('MISSING_HTTP_EVENT_HEADER', 400, `Missing the HTTP event header '${header}'`, { header });
