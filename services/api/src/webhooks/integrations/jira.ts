import { ApiError } from '@chat/core';
import type { WebhookIntegration, WebhookPeople } from '../integration.js';
import { PayloadField } from '../payload-field.js';
import { endsWithPunctuation } from '../git-messages.js';
import { unsupportedEvent } from '../webhook-errors.js';
import { jiraMarkup } from './jira-markup.js';

const IGNORED_EVENTS = new Set(['attachment_created', 'issuelink_created', 'issuelink_deleted', 'jira:version_released', 'jira:worklog_updated', 'sprint_closed', 'sprint_started', 'worklog_created', 'worklog_updated']);

/** The value at `keys`, or a field holding `fallback` when any step is missing or not an object. */
function dig(p: PayloadField, keys: string[], fallback = ''): PayloadField {
  let field = p;
  for (const key of keys) {
    const value = field.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !(key in value)) return new PayloadField(fallback, 'default');
    field = field.get(key);
  }
  return field;
}

const author = (p: PayloadField): string => dig(p, ['user', 'displayName']).str();
const issueId = (p: PayloadField): string => (p.has('issue') ? dig(p, ['issue', 'key']).str() : String(p.get('comment').get('self').str().split('/').at(-3)));
const issueTitle = (p: PayloadField): string => (p.has('issue') ? dig(p, ['issue', 'fields', 'summary']).str() : 'Upgrade Jira to get the issue title here.');

/** "KEY: title" linked to the issue's page when the payload's API address shows the server's. */
function issueLink(p: PayloadField, id = issueId(p), withTitle = false): string {
  const text = withTitle ? `${id}: ${issueTitle(p)}` : id;
  const base = /^(.*)\/rest\/api\/.*/.exec(dig(p, ['issue', 'self']).str());
  return base ? `[${text}](${String(base[1])}/browse/${id})` : text;
}

function subEvent(p: PayloadField): string {
  const name = p.opt('issue_event_type_name')?.str() ?? '';
  if (name !== '') return name;
  if (p.opt('comment')?.truthy) return 'issue_commented';
  if (p.opt('transition')?.truthy) return 'issue_transited';
  return name;
}

const change = (field: string | null, from: string | null, to: string): string => `* Changed ${String(field ?? 'None')}${from ? ` from **${from}**` : ''} to ${to}\n`;

function updated(p: PayloadField, people: WebhookPeople): string {
  const id = dig(p, ['issue', 'key']).str();
  const issue = issueLink(p, id, true);
  const email = dig(p, ['issue', 'fields', 'assignee', 'emailAddress']).str();
  const mention = email === '' ? '' : `**${people.fullNameByEmail(email) ?? email}**`;
  const blurb = mention === '' ? '' : ` (assigned to ${mention})`;
  const sub = subEvent(p);
  if (sub.includes('comment')) {
    const verb = sub === 'issue_commented' ? 'commented on' : sub === 'issue_comment_edited' ? 'edited a comment on' : 'deleted a comment from';
    const who = p.opt('webhookEvent')?.value === 'comment_created' ? p.get('comment').get('author').get('displayName').str() : author(p);
    const comment = dig(p, ['comment', 'body']).str();
    const content = `${who} ${verb} ${issue}${blurb}`;
    return comment ? `${content}:\n\n\`\`\` quote\n${jiraMarkup(comment, people)}\n\`\`\`` : `${content}.`;
  }
  let content = `${author(p)} updated ${issue}${blurb}:\n\n`;
  const changelog = p.opt('changelog');
  if (changelog?.truthy) {
    for (const item of changelog.get('items').list()) {
      const field = item.opt('field')?.str() ?? null;
      const to = field === 'assignee' && mention !== '' ? mention : `**${String(item.opt('toString')?.str() ?? 'None')}**`;
      content += change(field, item.opt('fromString')?.str() ?? null, to);
    }
  } else if (sub === 'issue_transited') {
    content += change('status', dig(p, ['transition', 'from_status']).str(), `**${dig(p, ['transition', 'to_status']).str()}**`);
  }
  return content;
}

const commentEvent = (verb: string, wrap = (text: string) => text) => (p: PayloadField): string =>
  `${p.get('comment').get('author').get('displayName').str()} ${verb} issue: *"${issueTitle(p)}"*\n\`\`\` quote\n${wrap(p.get('comment').get('body').str().replace(/\\!/g, '!'))}\n\`\`\``;

const BODIES: Readonly<Record<string, (p: PayloadField, people: WebhookPeople) => string>> = {
  'jira:issue_created': (p) =>
    `${author(p)} created ${issueLink(p, undefined, true)}:\n\n* **Priority**: ${dig(p, ['issue', 'fields', 'priority', 'name']).str()}\n* **Assignee**: ${dig(p, ['issue', 'fields', 'assignee', 'displayName'], 'no one').str()}`,
  'jira:issue_deleted': (p) => `${author(p)} deleted ${issueLink(p, undefined, true)}${endsWithPunctuation(issueTitle(p)) ? '' : '.'}`,
  'jira:issue_updated': updated,
  comment_created: commentEvent('commented on'),
  comment_updated: commentEvent('updated their comment on'),
  comment_deleted: commentEvent('deleted their comment on', (text) => `~~${text}~~`),
};

/** Jira: issues created, updated (changes, transitions, comments) and deleted, under "KEY: title". */
export const jiraIntegration: WebhookIntegration = {
  name: 'jira',
  displayName: 'Jira',
  unquoteParameters: true,
  messages(request) {
    const p = new PayloadField(request.payload);
    let event = p.opt('webhookEvent')?.str();
    if (event === undefined && p.opt('transition')?.truthy) event = 'jira:issue_updated';
    if (event !== undefined && IGNORED_EVENTS.has(event)) return [];
    if (event === undefined) throw new ApiError('ANOMALOUS_WEBHOOK_PAYLOAD', 400, 'Unable to parse request: Did Jira generate this event?', { webhook_name: 'Jira' });
    const body = BODIES[event];
    if (!body) throw unsupportedEvent('Jira', event);
    return [{ topic: `${issueId(p)}: ${issueTitle(p)}`, body: body(p, request.people).trimEnd(), event }];
  },
};
