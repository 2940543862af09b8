import type { WebhookIntegration, WebhookMessage } from '../integration.js';
import { PayloadField } from '../payload-field.js';
import { issueMessage, pushMessage, releaseMessage } from '../git-messages.js';
import { missingEventHeader, unsupportedEvent } from '../webhook-errors.js';

/** How a member of the Gogs family words a pull-request event. */
export type PullRequestFormatter = (p: PayloadField, withTitle: boolean) => string;

const issueUrl = (p: PayloadField, number: number): string => `${p.get('repository').get('html_url').str()}/issues/${number}`;

function push(p: PayloadField): string {
  const commits = p.get('commits').list().map((c) => {
    const author = c.get('author');
    const username = author.get('username').str();
    return { name: username || String(author.get('name').str().split(/\s+/).filter(Boolean)[0]), sha: c.get('id').str(), url: c.get('url').str(), message: c.get('message').str() };
  });
  return pushMessage(p.get('sender').get('username').str(), p.get('compare_url').str(), p.get('ref').str().replace('refs/heads/', ''), commits);
}

function issues(p: PayloadField, withTitle: boolean): string {
  const issue = p.get('issue');
  const number = issue.get('number').int();
  const assignee = issue.get('assignee');
  return issueMessage({
    user: p.get('sender').get('login').str(),
    action: p.get('action').str(),
    url: issueUrl(p, number),
    number,
    message: issue.get('body').str(),
    assignee: assignee.truthy ? assignee.get('login').str() : undefined,
    title: withTitle ? issue.get('title').str() : undefined,
  });
}

function issueComment(p: PayloadField, withTitle: boolean): string {
  const action = p.get('action').str();
  const comment = p.get('comment');
  const issue = p.get('issue');
  const verb = `${action === 'created' ? '[commented]' : `${action} a [comment]`}(${comment.get('html_url').str()}) on`;
  const number = issue.get('number').int();
  return issueMessage({ user: p.get('sender').get('login').str(), action: verb, url: issueUrl(p, number), number, message: comment.get('body').str(), title: withTitle ? issue.get('title').str() : undefined });
}

function release(p: PayloadField): string {
  const r = p.get('release');
  return releaseMessage(r.get('author').get('username').str(), p.get('action').str(), r.get('tag_name').str(), r.get('name').str(), p.get('repository').get('html_url').str());
}

function messageFor(event: string, p: PayloadField, withTitle: boolean, branches: string | undefined, pullRequest: PullRequestFormatter, displayName: string): WebhookMessage | null {
  const repo = p.get('repository').get('name').str();
  const numbered = (type: string, item: PayloadField, idKey: string): string => `${repo} / ${type} #${item.get(idKey).int()} ${item.get('title').str()}`;
  switch (event) {
    case 'push': {
      const branch = p.get('ref').str().replace('refs/heads/', '');
      if (branches !== undefined && !branches.split(',').includes(branch)) return null;
      return { topic: `${repo} / ${branch}`, body: push(p) };
    }
    case 'create': {
      const ref = p.get('ref').str();
      return { topic: `${repo} / ${ref}`, body: `${p.get('sender').get('username').str()} created [${ref}](${p.get('repository').get('html_url').str()}/src/${ref}) branch.` };
    }
    case 'pull_request':
      return { topic: numbered('PR', p.get('pull_request'), 'id'), body: pullRequest(p, withTitle) };
    case 'issues':
      return { topic: numbered('issue', p.get('issue'), 'number'), body: issues(p, withTitle) };
    case 'issue_comment':
      return { topic: numbered('issue', p.get('issue'), 'number'), body: issueComment(p, withTitle) };
    case 'release':
      return { topic: `${repo} / ${p.get('release').get('tag_name').str()} ${p.get('release').get('name').str()}`, body: release(p) };
    default:
      throw unsupportedEvent(displayName, event);
  }
}

/** Gogs and its fork Gitea: the same events, named by their own header, with their own pull-request wording. */
export function gogsFamily(name: string, displayName: string, header: string, pullRequest: PullRequestFormatter): WebhookIntegration {
  return {
    name,
    displayName,
    messages(request) {
      const payload = new PayloadField(request.payload);
      payload.get('repository').get('name').str();
      const event = request.header(header);
      if (event === undefined) throw missingEventHeader(header);
      const made = messageFor(event, payload, request.topicGiven, request.param('branches'), pullRequest, displayName);
      return made ? [{ ...made, event }] : [];
    },
  };
}
