import { badRequest } from '@chat/core';
import type { WebhookIntegration, WebhookMessage } from '../integration.js';
import { PayloadField } from '../payload-field.js';

const status = (icon: string, state: string): string => `${icon} **${state.toUpperCase()}**\n\n`;


/** Python's str() of a JSON number or null, as the public server prints metric values. */
const pythonNumber = (value: unknown): string => {
  if (value === null) return 'None';
  if (typeof value !== 'number') throw badRequest('evalMatches value is not a number');
  return String(value);
};

const listed = (title: string, entries: PayloadField): string =>
  `${title}:\n${entries
    .keys()
    .map((key) => `- ${key}: ${entries.get(key).str()}\n`)
    .join('')}\n`;

/** Grafana 8+ alerting: every alert of the notification, with its times, labels and annotations. */
function unifiedAlerting(p: PayloadField): WebhookMessage {
  const state = p.get('status').oneOf(['firing', 'resolved']);
  const alerts = p.get('alerts').list();
  let body = status(state === 'firing' ? ':alert:' : ':checkbox:', state);
  if (p.get('message').truthy) body += `${p.get('message').str()}\n`;
  alerts.forEach((alert, index) => {
    body += `\n---\n**Alert ${index + 1}**`;
    const labels = alert.get('labels');
    const name = labels.opt('alertname');
    if (name?.truthy) body += `: ${name.str()}.`;
    body += `\n\nThis alert was fired at <time:${alert.get('startsAt').str()}>.\n`;
    const end = alert.get('endsAt').str();
    if (end !== '0001-01-01T00:00:00Z') body += `\nThis alert was resolved at <time:${end}>.\n\n`;
    if (labels.truthy) body += listed('Labels', labels);
    if (alert.get('annotations').truthy) body += listed('Annotations', alert.get('annotations'));
  });
  if (p.get('truncatedAlerts').truthy) body += `${p.get('truncatedAlerts').int()} alert(s) truncated.\n`;
  return { topic: `[${state.toUpperCase()}:${alerts.length}]`, body, event: state };
}

/** Legacy Grafana alerts: one rule's state, its message, metrics and picture. */
function legacyAlert(p: PayloadField): WebhookMessage {
  const matches = p.opt('evalMatches')?.list() ?? [];
  const metrics = matches.map((m) => `**${m.get('metric').str()}:** ${pythonNumber(m.get('value').value)}\n`).join('');
  const message = p.has('message') ? `${p.get('message').str()}\n\n` : '';
  const state = p.get('state').oneOf(['no_data', 'paused', 'alerting', 'ok', 'pending', 'unknown']);
  const icon = state === 'alerting' ? ':alert:' : state === 'ok' ? ':squared_ok:' : ':info:';
  let body = `${status(icon, state)}[${p.get('ruleName').str()}](${p.get('ruleUrl').str()})\n\n${message}${metrics}`;
  if (p.has('imageUrl')) body += `\n[Click to view visualization](${p.get('imageUrl').str()})`;
  return { topic: p.get('title').str(), body: body.trim(), event: state };
}

/**
 * Grafana: unified alerting notifications (with `alerts`) and legacy alert rules. The event type, for
 * `only_events` and `exclude_events`, is the notification's status or the rule's state.
 */
export const grafanaIntegration: WebhookIntegration = {
  name: 'grafana',
  displayName: 'Grafana',
  messages(request) {
    const p = new PayloadField(request.payload);
    return [p.has('alerts') ? unifiedAlerting(p) : legacyAlert(p)];
  },
};
