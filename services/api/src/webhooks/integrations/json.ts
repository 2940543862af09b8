import { badRequest } from '@chat/core';
import type { WebhookIntegration } from '../integration.js';

/** As Python's json.dumps escapes by default (ensure_ascii): every character past ASCII as \uXXXX. */
const asciiOnly = (text: string): string => text.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The generic JSON integration: any JSON object, shown whole in a `json` code block under the topic
 * "JSON", indented by two as the public server prints it.
 */
export const jsonIntegration: WebhookIntegration = {
  name: 'json',
  displayName: 'JSON',
  messages({ payload }) {
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) throw badRequest('Malformed payload');
    return [{ topic: 'JSON', body: `\`\`\`json\n${asciiOnly(JSON.stringify(payload, null, 2))}\n\`\`\`` }];
  },
};
