import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest, missingArgument } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { sendMessage, type SendMessageDeps } from '../actions/send-message.js';
import type { Uses } from '../dependencies.js';
import { INTEGRATIONS } from '../webhooks/all-integrations.js';
import { userByApiKey } from '../webhooks/key-index.js';
import { originOf } from './call-context.js';

/** What the integrations' endpoint uses. */
type ExternalWebhookDeps = SendMessageDeps & Uses<'apiKeys'>;

const MAX_PAYLOAD_BYTES = 1024 * 1024;
const malformed = (): ApiError => new ApiError('INVALID_JSON', 400, 'Malformed JSON');

/** The request body as JSON, read here: integrations send JSON whatever content type they name. */
async function payloadOf(req: IncomingMessage): Promise<unknown> {
  if (req.readableEnded || (req as { _body?: boolean })._body) throw malformed();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_PAYLOAD_BYTES) throw new ApiError('BAD_REQUEST', 413, 'Request body too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw malformed();
  }
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The caller: by Basic auth, else by the `api_key` parameter alone, as integrations are configured. */
async function senderOf(ctx: ExternalWebhookDeps, call: RouteCall): Promise<number> {
  if (call.caller) return call.caller.user_id;
  const apiKey = call.params.api_key;
  if (typeof apiKey !== 'string') throw missingArgument('api_key');
  const user = userByApiKey(await ctx.organization.current(), ctx.apiKeys, apiKey);
  if (!user) throw new ApiError('INVALID_API_KEY', 401, 'Invalid API key');
  if (!user.is_active) throw new ApiError('USER_DEACTIVATED', 401, 'Account is deactivated');
  return user.user_id;
}

/**
 * POST /external/{integration}: the integration makes a message of the payload, posted as the caller
 * (an incoming-webhook bot) to `stream` (a name or an id) under `topic` or the integration's topic,
 * or, without `stream`, sent to the bot's owner. A channel that does not exist is not an error, as on
 * the public server.
 */
export async function externalWebhookEndpoint(ctx: ExternalWebhookDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const integration = INTEGRATIONS.get(String(call.path.integration));
  if (!integration) throw new ApiError('NOT_FOUND', 404, `Endpoint not found: POST /api/v1/external/${String(call.path.integration)}`);
  const senderId = await senderOf(ctx, call);
  const req = call.raw.req;
  const payload = await payloadOf(req);
  const userTopic = call.params.topic;
  const made = integration.message({
    payload,
    header: (name) => headerOf(req, name),
    param: (name) => (typeof call.params[name] === 'string' ? call.params[name] : undefined),
    topicGiven: typeof userTopic === 'string',
  });
  if (made === null) return {};
  const { topic, body } = made;
  const origin = { ...originOf(call), actorId: senderId, client: `Zulip${integration.displayName}Webhook` };
  const stream = call.params.stream;
  const common = { content: body, read_by_sender: false };
  if (typeof stream !== 'string' || stream === '') {
    const owner = (await ctx.organization.current()).users.get(senderId)?.bot_owner_id;
    if (owner === null || owner === undefined) throw badRequest('Missing \'stream\' argument');
    await sendMessage(ctx, origin, senderId, { type: 'direct', to: [owner], topic: undefined, ...common });
    return {};
  }
  try {
    await sendMessage(ctx, origin, senderId, { type: 'channel', to: stream, topic: typeof userTopic === 'string' ? userTopic : topic, ...common });
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'STREAM_DOES_NOT_EXIST')) throw error;
  }
  return {};
}
