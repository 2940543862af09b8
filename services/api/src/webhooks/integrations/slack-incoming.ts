import type { WebhookIntegration } from '../integration.js';
import { PayloadField } from '../payload-field.js';
import { attachment, block, joinPieces } from './slack-blocks.js';

/** Slack's `<url|label>` links as Markdown links. */
const replaceLinks = (text: string): string => text.replace(/<(\w+?:\/\/.*?)\|(.*?)>/g, '[$2]($1)');

/** Slack's *bold* and _italic_ as Markdown's **bold** and *italic*. */
function replaceFormatting(text: string): string {
  return text
    .replace(/([^\p{L}\p{N}_]|^)\*(?!\s+)([^*\n]+)(?<!\s)\*((?=[^\p{L}\p{N}_])|$)/gu, '$1**$2**$3')
    .replace(/([^\p{L}\p{N}_]|^)_(?!\s+)([^_\n]+)(?<!\s)_((?=[^\p{L}\p{N}_])|$)/gu, '$1*$2*$3');
}

/**
 * Slack-compatible incoming webhooks: `text`, Block Kit `blocks` and legacy `attachments` as Markdown,
 * under the topic given, else the payload's `channel` (without its # or @), else "(no topic)". A
 * payload with nothing to show posts nothing. Slack clients may also send the JSON as a form field.
 */
export const slackIncomingIntegration: WebhookIntegration = {
  name: 'slack_incoming',
  displayName: 'SlackIncoming',
  formPayload: true,
  messages(request) {
    const p = new PayloadField(request.payload);
    const topic = p.has('channel') ? p.get('channel').str().replace(/^[@#]/, '') : '(no topic)';
    const pieces: string[] = [];
    if (p.opt('blocks')?.truthy) pieces.push(...p.get('blocks').list().map(block));
    if (p.opt('attachments')?.truthy) pieces.push(...p.get('attachments').list().map(attachment));
    let body = joinPieces(pieces);
    if (body === '' && p.opt('text')?.truthy) {
      const emoji = p.opt('icon_emoji');
      body = `${emoji?.truthy ? `${emoji.str()} ` : ''}${p.get('text').str()}`.trim();
    }
    if (body === '') return [];
    return [{ topic, body: replaceFormatting(replaceLinks(body).trim()) }];
  },
};
