import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest, missingArgument, type UserState } from '@chat/core';
import type { CallOf, RouteCall } from '@chat/http';
import { sendMessage } from '../actions/send-message.js';
import { type BotChannelNoticeDeps, sendTellingBotOwner } from '../actions/bot-channel-notice.js';
import type { Uses } from '../dependencies.js';
import { INTEGRATIONS } from '../webhooks/all-integrations.js';
import { eventPasses } from '../webhooks/event-filter.js';
import type { WebhookIntegration, WebhookPeople } from '../webhooks/integration.js';
import { userByApiKey } from '../webhooks/key-index.js';
import type { OrganizationSnapshot } from '../queries/organization-snapshot.js';
import { originOf } from './call-context.js';

/** What the integrations' endpoint uses. */
type ExternalWebhookDeps = BotChannelNoticeDeps & Uses<'apiKeys'>;

const MAX_PAYLOAD_BYTES = 1024 * 1024;
const malformed = (): ApiError => new ApiError('INVALID_JSON', 400, 'Malformed JSON');

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw malformed();
  }
}

const stringParam = (call: RouteCall, name: string): string | undefined => (typeof call.params[name] === 'string' ? call.params[name] : undefined);

/**
 * The payload: the request body as JSON whatever content type it names (the route leaves bodies
 * unparsed), or, for an integration that takes one, the `payload` field of a form body.
 */
async function payloadOf(req: IncomingMessage, call: RouteCall, integration: WebhookIntegration): Promise<unknown> {
  const form = integration.formPayload === true && /^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '');
  if (req.readableEnded || (req as { _body?: boolean })._body) {
    const field = call.params.payload;
    if (!integration.formPayload) throw malformed();
    if (typeof field !== 'string') throw missingArgument('payload');
    return parsed(field);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_PAYLOAD_BYTES) throw new ApiError('BAD_REQUEST', 413, 'Request body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!form) return parsed(text);
  const field = new URLSearchParams(text).get('payload') ?? stringParam(call, 'payload');
  if (field === null || field === undefined) throw missingArgument('payload');
  return parsed(field);
}

/** The caller: by Basic auth, else by the `api_key` parameter alone, as integrations are configured. */
async function senderOf(ctx: ExternalWebhookDeps, call: RouteCall, org: OrganizationSnapshot): Promise<UserState> {
  const apiKey = call.params.api_key;
  const user = call.caller ? org.users.get(call.caller.user_id) : typeof apiKey === 'string' ? userByApiKey(org, ctx.apiKeys, apiKey) : undefined;
  if (!call.caller && typeof apiKey !== 'string') throw missingArgument('api_key');
  if (!user) throw new ApiError('INVALID_API_KEY', 401, 'Invalid API key');
  if (!user.is_active) throw new ApiError('USER_DEACTIVATED', 401, 'Account is deactivated');
  return user;
}

/** Each organization snapshot's active people, sorted by id: made once per snapshot, when an integration first names someone. */
const activePeople = new WeakMap<OrganizationSnapshot, UserState[]>();

function activeOf(org: OrganizationSnapshot): UserState[] {
  let active = activePeople.get(org);
  if (!active) {
    active = [...org.users.values()].filter((u) => u.is_active).sort((a, b) => a.user_id - b.user_id);
    activePeople.set(org, active);
  }
  return active;
}

/**
 * The organization's active people, as integrations that name users (Jira) look them up. Nothing is
 * gathered for a payload that names nobody: sorting 10,000 people on every post made an incoming
 * webhook cost half again a plain send.
 */
function peopleOf(org: OrganizationSnapshot): WebhookPeople {
  return {
    fullNameByEmail: (email) => activeOf(org).find((u) => u.email.toLowerCase() === email.toLowerCase())?.full_name,
    guessFullName: (name) => activeOf(org).find((u) => u.full_name.toLowerCase() === name.toLowerCase() || u.email.toLowerCase().startsWith(name.toLowerCase()))?.full_name,
  };
}

/** Python's unquote: %XX sequences decoded where they form UTF-8, the rest left as sent. */
const unquote = (text: string): string => text.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
  try {
    return decodeURIComponent(run);
  } catch {
    return run;
  }
});

/**
 * POST /external/{integration}: the integration makes messages of the payload, posted as the caller
 * (an incoming-webhook bot) to `stream` (a name or an id) under `topic` or the integration's topic,
 * or, without `stream`, sent to the bot's owner. A channel that does not exist is not an error, as on
 * the public server, which tells the bot's owner instead (as it does of a channel without subscribers).
 */
export async function externalWebhookEndpoint(ctx: ExternalWebhookDeps, call: CallOf<'external-webhook'>): Promise<Record<string, unknown>> {
  const integration = INTEGRATIONS.get(call.path.integration);
  if (!integration) throw new ApiError('NOT_FOUND', 404, `Endpoint not found: POST /api/v1/external/${call.path.integration}`);
  const org = await ctx.organization.current();
  const sender = await senderOf(ctx, call, org);
  const req = call.raw.req;
  const payload = await payloadOf(req, call, integration);
  const decode = (text: string | undefined): string | undefined => (text !== undefined && integration.unquoteParameters ? unquote(text) : text);
  const userTopic = decode(stringParam(call, 'topic'));
  const messages = integration.messages({
    payload,
    header: (name) => [req.headers[name.toLowerCase()]].flat()[0],
    param: (name) => stringParam(call, name),
    topicGiven: userTopic !== undefined,
    people: peopleOf(org),
  });
  const only = call.params.only_events;
  const exclude = call.params.exclude_events;
  const origin = { ...originOf(call), actorId: sender.user_id, client: `Zulip${integration.displayName}Webhook` };
  const stream = decode(stringParam(call, 'stream'));
  for (const { topic, body } of messages.filter((m) => eventPasses(m.event, only, exclude))) {
    const common = { content: body, read_by_sender: false };
    if (stream === undefined || stream === '') {
      if (sender.bot_owner_id === null || sender.bot_owner_id === undefined) throw badRequest("Missing 'stream' argument");
      await sendMessage(ctx, origin, sender.user_id, { type: 'direct', to: [sender.bot_owner_id], topic: undefined, ...common });
      continue;
    }
    try {
      await sendTellingBotOwner(ctx, origin, sender, { type: 'channel', to: stream, topic: userTopic ?? topic, ...common });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'STREAM_DOES_NOT_EXIST')) throw error;
      return {};
    }
  }
  return {};
}
