import { badRequest } from '@chat/core';
import type { WebhookIntegration, WebhookMessage } from '../integration.js';
import { PayloadField } from '../payload-field.js';

/**
 * Prometheus Alertmanager: alerts grouped into a topic per alert's `name` label (`instance` unless
 * `name=` says otherwise), one message per topic and status listing each alert's `desc` label
 * (`alertname` unless `desc=` says otherwise) with a link to its graph.
 */
export const alertmanagerIntegration: WebhookIntegration = {
  name: 'alertmanager',
  displayName: 'Alertmanager',
  messages(request) {
    const p = new PayloadField(request.payload);
    const nameField = request.param('name') ?? 'instance';
    const descField = request.param('desc') ?? 'alertname';
    const topics = new Map<string, { firing: string[]; resolved: string[] }>();
    for (const alert of p.get('alerts').list()) {
      const labels = alert.has('labels') ? alert.get('labels') : undefined;
      const annotations = alert.has('annotations') ? alert.get('annotations') : undefined;
      const lookup = (field: string): PayloadField | undefined => (labels?.has(field) ? labels.get(field) : annotations?.has(field) ? annotations.get(field) : undefined);
      const name = lookup(nameField)?.str() ?? '(unknown)';
      const desc = lookup(descField)?.str() ?? `<missing field: ${descField}>`;
      const line = `${desc} ([graph](${alert.get('generatorURL').str().replace('tab=1', 'tab=0')}))`;
      const state = alert.get('status').str();
      const group = topics.get(name) ?? { firing: [], resolved: [] };
      topics.set(name, group);
      if (state === 'firing' || state === 'resolved') group[state].push(line);
      else throw badRequest(`Invalid ${alert.get('status').path}`);
    }
    const messages: WebhookMessage[] = [];
    for (const [topic, group] of topics) {
      for (const [icon, title, lines] of [[':alert:', 'FIRING', group.firing], [':squared_ok:', 'Resolved', group.resolved]] as const) {
        if (lines.length === 0) continue;
        const body = lines.length === 1 ? `${icon} **${title}** ${String(lines[0])}` : `${icon} **${title}**\n${lines.map((l) => `* ${l}`).join('\n')}`;
        messages.push({ topic, body });
      }
    }
    return messages;
  },
};
