import type { WebhookIntegration, WebhookMessage } from '../integration.js';
import { PayloadField } from '../payload-field.js';
import { unsupportedEvent } from '../webhook-errors.js';

const HIGHLIGHT_AS: Record<string, string> = { go: 'go', java: 'java', javascript: 'javascript', node: 'javascript', python: 'python3', ruby: 'ruby' };
const unsupported = (event: string): Error => unsupportedEvent('Sentry', event);
/** "2024-01-02T03:04:05.678Z" → "2024-01-02 03:04:05". */
const shortTime = (iso: string): string => String(iso.split('.')[0]).replace('T', ' ');

function tracebackLines(lines: PayloadField | undefined): string {
  return (lines?.list() ?? []).map((line) => (line.str() === '' ? '\n' : `     ${line.str()}\n`)).join('');
}

/** The frame of the exception's innermost stack trace in the file Sentry names, when it shows a line. */
function exceptionFrame(event: PayloadField, filename: string): PayloadField | undefined {
  const values = event.get('exception').get('values').list().reverse();
  const stacktrace = values.find((v) => v.has('stacktrace'))?.get('stacktrace');
  if (!stacktrace?.truthy) return undefined;
  const frame = stacktrace.get('frames').list().reverse().find((f) => f.opt('filename')?.value === filename);
  return frame && frame.opt('context_line') ? frame : undefined;
}

function eventMessage(event: PayloadField): WebhookMessage {
  const title = event.get('title').str();
  const platform = event.get('platform').str();
  if (platform === 'python' && Number.parseInt(String(event.get('version').value), 10) < 7 && title !== 'This is an example Python exception') throw unsupported('Raven SDK');
  const head = (kind: string): string => `**${kind}:** [${title}](${event.get('web_url').str()})\n\`\`\`quote\n**level:** ${event.get('level').str()}\n**timestamp:** ${shortTime(event.get('datetime').str())}`;
  if (event.has('exception')) {
    const filename = event.get('metadata').opt('filename')?.str();
    const frame = filename ? exceptionFrame(event, filename) : undefined;
    let body = `${head('New exception')}\n**filename:** ${String(filename ?? 'None')}\n\`\`\``;
    if (frame) {
      const code = `${tracebackLines(frame.opt('pre_context'))}---> ${frame.get('context_line').str()}\n${tracebackLines(frame.opt('post_context'))}`;
      body += `\n\nTraceback:\n\`\`\`${HIGHLIGHT_AS[platform] ?? ''}\n${code}\`\`\``;
    }
    return { topic: title, body };
  }
  if (event.has('logentry')) return { topic: title, body: `${head('New message event')}\n\`\`\`` };
  throw unsupported('unknown-event type');
}

function issueMessage(action: string, issue: PayloadField, actor: PayloadField): WebhookMessage {
  const title = issue.get('title').str();
  const to = issue.get('assignedTo');
  const assignee = !to.truthy ? 'No one' : to.get('type').value === 'team' ? `team ${to.get('name').str()}` : to.get('name').str();
  const actorName = (): string => actor.get('name').str();
  switch (action) {
    case 'created':
      return { topic: title, body: `**New issue created:** ${title}\n\`\`\`quote\n**level:** ${issue.get('level').str()}\n**timestamp:** ${shortTime(issue.get('lastSeen').str())}\n**assignee:** ${assignee}\n\`\`\`` };
    case 'resolved':
      return { topic: title, body: `Issue **${title}** was marked as resolved by **${actorName()}**.` };
    case 'assigned':
      return { topic: title, body: `Issue **${title}** has now been assigned to **${assignee}** by **${actorName()}**.` };
    case 'ignored':
      return { topic: title, body: `Issue **${title}** was ignored by **${actorName()}**.` };
    default:
      throw unsupported('unknown-issue-action type');
  }
}

/** A plain webhook's payload (not an internal integration's): its event, given the URL and time the others carry. */
function fromPlainWebhook(p: PayloadField): PayloadField | undefined {
  const event = p.opt('event');
  const id = event?.opt('event_id');
  if (!event || !id?.truthy) return undefined;
  const seconds = Number((event.opt('timestamp') ?? event.get('received')).value);
  if (!Number.isFinite(seconds)) throw unsupported('unknown-event type');
  const datetime = new Date(seconds * 1000).toISOString().replace('Z', '000+00:00');
  const webUrl = new URL(`events/${String(id.value)}/`, p.get('url').str()).toString();
  return new PayloadField({ event: { ...(event.value as object), web_url: webUrl, datetime } }, 'payload');
}

/** Sentry: events (exceptions with their traceback, messages) and issue changes, each under its title. */
export const sentryIntegration: WebhookIntegration = {
  name: 'sentry',
  displayName: 'Sentry',
  messages(request) {
    const p = new PayloadField(request.payload);
    const data = p.opt('data') ?? fromPlainWebhook(p);
    if (!data?.truthy) {
      const level = p.get('level').str().toUpperCase();
      return [{ topic: String(p.opt('project_name')?.value ?? 'None'), body: `New [issue](${String(p.opt('url')?.value ?? 'None')}) (level: ${level}):\n\n\`\`\` quote\n${String(p.opt('message')?.value ?? 'None')}\n\`\`\`` }];
    }
    if (data.has('event')) return [eventMessage(data.get('event'))];
    if (data.has('issue')) return [issueMessage(p.get('action').str(), data.get('issue'), p.get('actor'))];
    throw unsupported(`[${data.keys().map((k) => `'${k}'`).join(', ')}]`);
  },
};
