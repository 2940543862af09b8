import type { OutgoingWebhookRetryable, OutgoingWebhookSettled } from '../events/outgoing-webhook-events.js';
import { ServiceInterface } from './bot-types.js';
import { OUTGOING_WEBHOOK_RETRIES } from './outgoing-webhook-triggers.js';

/** How one call to a bot's service went. */
export type OutgoingWebhookCall =
  | { kind: 'answered'; status: number; body: Uint8Array }
  | { kind: OutgoingWebhookRetryable }
  /** The URL's host resolved to a private, loopback or link-local address. */
  | { kind: 'refused' }
  /** The call was not made: the Slack-compatible format has no direct messages. */
  | { kind: 'unsupported' }
  | { kind: 'error'; name: string };

/** What the call's outcome asks for: retry, or settle, with the bot's message in the conversation and its owner's notice. */
export type OutgoingWebhookDecision =
  | { retry: OutgoingWebhookRetryable }
  | { settle: Pick<OutgoingWebhookSettled['data'], 'outcome' | 'status'>; reply: string | null; ownerNotice: string | null };

export interface OutgoingWebhookFacts {
  interface: number;
  failedTries: number;
  timeoutSeconds: number;
  /** The message's Markdown (the payload's `data`). */
  command: string;
  /** The link to the message, for the owner's notice. */
  messageUrl: string;
  botFullName: string;
}

/** Python's repr of bytes (`b'...'`), as the public server quotes a response body to the bot's owner. */
export function pythonBytesRepr(body: Uint8Array): string {
  const quote = body.includes(0x27) && !body.includes(0x22) ? '"' : "'";
  let text = '';
  for (const byte of body) {
    if (byte === 0x5c) text += '\\\\';
    else if (byte === quote.charCodeAt(0)) text += `\\${quote}`;
    else if (byte === 0x0a) text += '\\n';
    else if (byte === 0x0d) text += '\\r';
    else if (byte === 0x09) text += '\\t';
    else if (byte >= 0x20 && byte < 0x7f) text += String.fromCharCode(byte);
    else text += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return `b${quote}${text}${quote}`;
}

/** Python's repr of text (`'...'`), as the public server quotes an answer it read as text. */
export function pythonStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\') out += '\\\\';
    else if (char === quote) out += `\\${quote}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return `${quote}${out}${quote}`;
}

/**
 * The notice the bot's owner gets, as the public server words it: the message, what went wrong, and
 * the answer's body (`payload`, already quoted as Python's repr) when there was one.
 */
export function ownerNoticeText(facts: OutgoingWebhookFacts, detail: string, payload?: string): string {
  let text = `[A message](${facts.messageUrl}) to your bot @_**${facts.botFullName}** triggered an outgoing webhook.\n${detail}`;
  if (payload !== undefined) text += `\nThe response contains the following payload:\n\`\`\`\n${payload}\n\`\`\``;
  return text;
}

/** An answer's body quoted as the public server quotes it: its bytes, or (for an answer it read) its text. */
export const quotedBody = (body: Uint8Array, asText: boolean): string | undefined =>
  body.length === 0 ? undefined : asText ? pythonStrRepr(new TextDecoder().decode(body)) : pythonBytesRepr(body);

/** The content a successful answer asks the bot to post, per interface; null for none. */
function answerContent(facts: OutgoingWebhookFacts, answer: Record<string, unknown>): string | null {
  if (facts.interface === ServiceInterface.Slack) return 'text' in answer ? String(answer.text) : null;
  if (answer.response_not_required === true) return null;
  if ('response_string' in answer) return String(answer.response_string);
  if ('content' in answer) return String(answer.content);
  return null;
}

function answered(facts: OutgoingWebhookFacts, status: number, body: Uint8Array): OutgoingWebhookDecision {
  if (status < 200 || status >= 300) {
    return { settle: { outcome: 'failed', status }, reply: `Failure! Third party responded with ${status}`, ownerNotice: ownerNoticeText(facts, `The webhook got a response with status code *${status}*.`, quotedBody(body, false)) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    parsed = undefined;
  }
  const invalid = parsed === undefined ? 'Invalid JSON in response' : parsed !== '' && (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) ? 'Invalid response format' : null;
  if (invalid) {
    const detail = `The outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> ${invalid}`;
    return { settle: { outcome: 'failed', status }, reply: `Failure! ${invalid}`, ownerNotice: ownerNoticeText(facts, detail, quotedBody(body, true)) };
  }
  const content = parsed === '' ? null : answerContent(facts, parsed as Record<string, unknown>);
  if (content === null || content.trim() === '') return { settle: { outcome: 'no_reply', status }, reply: null, ownerNotice: null };
  return { settle: { outcome: 'replied', status }, reply: content, ownerNotice: null };
}

/** Decides what one call's outcome means, as the public server does at feature level 420. */
export function decideOutgoingWebhookCall(facts: OutgoingWebhookFacts, call: OutgoingWebhookCall): OutgoingWebhookDecision {
  switch (call.kind) {
    case 'answered':
      return answered(facts, call.status, call.body);
    case 'timeout':
    case 'connection': {
      if (facts.failedTries + 1 <= OUTGOING_WEBHOOK_RETRIES) return { retry: call.kind };
      const detail = call.kind === 'timeout' ? `Request timed out after ${facts.timeoutSeconds} seconds.` : 'A timeout occurred.';
      return { settle: { outcome: 'gave_up', status: null }, reply: 'Failure! Bot is unavailable', ownerNotice: ownerNoticeText(facts, detail) };
    }
    case 'refused':
      return { settle: { outcome: 'refused', status: null }, reply: 'Failure! Third party responded with 407', ownerNotice: ownerNoticeText(facts, 'The URL configured for the webhook is for a private or disallowed network.') };
    case 'unsupported':
      return { settle: { outcome: 'failed', status: null }, reply: "Failure! Slack outgoing webhooks don't support direct messages.", ownerNotice: null };
    case 'error': {
      const reply = `Failure! An exception of type *${call.name}* occurred for message \`${facts.command}\`! See the Zulip server logs for more information.`;
      return { settle: { outcome: 'failed', status: null }, reply, ownerNotice: ownerNoticeText(facts, `When trying to send a request to the webhook service, an exception of type ${call.name} occurred.`) };
    }
  }
}
