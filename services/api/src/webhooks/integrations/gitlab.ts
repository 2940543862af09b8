import type { WebhookIntegration } from '../integration.js';
import { PayloadField } from '../payload-field.js';
import { branchNotifiable } from '../git-messages.js';
import { missingEventHeader, unsupportedEvent } from '../webhook-errors.js';
import { branchName, GITLAB_BODIES, projectHomepage, repoName } from './gitlab-bodies.js';

/** Python's str.title(): each run of letters capitalized, the rest lower-cased. */
const titleCase = (text: string): string => text.toLowerCase().replace(/(^|[^a-z])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());

/** Our kind of event: the header, refined by the payload's action or noteable type; null for a push to another branch. */
function kindOf(header: string, p: PayloadField, branches: string | undefined): string | null {
  let event = header;
  if (event === 'System Hook') {
    const name = (p.has('event_name') ? p.get('event_name') : p.get('object_kind')).str();
    event = `${titleCase(String(name.split('__')[0]).replace(/_/g, ' '))} Hook`;
  }
  if (['Confidential Issue Hook', 'Issue Hook', 'Merge Request Hook', 'Wiki Page Hook'].includes(event)) {
    const action = p.get('object_attributes').opt('action');
    event = `${event} ${action ? action.str() : 'open'}`;
  } else if (event === 'Confidential Note Hook' || event === 'Note Hook') {
    event = `${event} ${p.get('object_attributes').get('noteable_type').str()}`;
  } else if (event === 'Push Hook' && !branchNotifiable(branchName(p), branches)) {
    return null;
  }
  if (Object.hasOwn(GITLAB_BODIES, event)) return event;
  throw unsupportedEvent('GitLab', event);
}

const numbered = (p: PayloadField, type: string, item: PayloadField, withTitle = true): string =>
  `${repoName(p)} / ${type} #${item.get(type === 'snippet' ? 'id' : 'iid').int()} ${withTitle ? item.get('title').str() : ''}`;

function topicOf(event: string, p: PayloadField, mergeRequestTitle: boolean): string {
  if (event === 'Push Hook') return `${repoName(p)} / ${branchName(p)}`;
  if (event === 'Job Hook' || event === 'Build Hook') return `${p.get('repository').get('name').str()} / ${branchName(p)}`;
  if (event === 'Pipeline Hook') return `${repoName(p)} / ${p.get('object_attributes').get('ref').str().replace('refs/heads/', '')}`;
  if (event.startsWith('Merge Request Hook')) return numbered(p, 'MR', p.get('object_attributes'), mergeRequestTitle);
  if (event.startsWith('Issue Hook') || event.startsWith('Confidential Issue Hook')) return numbered(p, 'issue', p.get('object_attributes'));
  if (event === 'Note Hook Issue' || event === 'Confidential Note Hook Issue') return numbered(p, 'issue', p.get('issue'));
  if (event === 'Note Hook MergeRequest') return numbered(p, 'MR', p.get('merge_request'), mergeRequestTitle);
  if (event === 'Note Hook Snippet') return numbered(p, 'snippet', p.get('snippet'));
  return repoName(p);
}

/**
 * GitLab: the event named by X-GitLab-Event (or, for a system hook, by the payload), refined by its
 * action; with a topic of the service's choosing, the message names the project first.
 */
export const gitlabIntegration: WebhookIntegration = {
  name: 'gitlab',
  displayName: 'GitLab',
  messages(request) {
    const header = request.header('X-GitLab-Event');
    if (header === undefined) throw missingEventHeader('X-GitLab-Event');
    const payload = new PayloadField(request.payload);
    const event = kindOf(header, payload, request.param('branches'));
    if (event === null) return [];
    const body = GITLAB_BODIES[event];
    if (!body) throw unsupportedEvent('GitLab', event);
    let text = body(payload, request.topicGiven);
    if (request.topicGiven) text = `[[${repoName(payload)}](${projectHomepage(payload)})] ${text}`;
    return [{ topic: topicOf(event, payload, request.param('use_merge_request_title') !== 'false'), body: text, event }];
  },
};
