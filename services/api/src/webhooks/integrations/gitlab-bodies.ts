import type { PayloadField } from '../payload-field.js';
import { commitCommentMessage, issueMessage, pullRequestMessage, pushMessage, pushTagMessage } from '../git-messages.js';

const EMPTY_SHA = '0'.repeat(40);

export const repoName = (p: PayloadField): string => (p.has('project') ? p.get('project') : p.get('repository')).get('name').str();
export const projectHomepage = (p: PayloadField): string => (p.has('project') ? p.get('project').get('web_url') : p.get('repository').get('homepage')).str();
export const branchName = (p: PayloadField): string => p.get('ref').str().replace('refs/heads/', '');
const issueUser = (p: PayloadField): string => p.get('user').get('name').str();
const attributes = (p: PayloadField): PayloadField => p.get('object_attributes');
const titleIf = (withTitle: boolean, item: PayloadField): string | undefined => (withTitle ? item.get('title').str() : undefined);

/** Assignees by their full names: the `assignees` list, else the single `assignee`. */
function assignees(p: PayloadField): string[] {
  const list = p.opt('assignees');
  const people = list?.truthy ? list.list() : p.opt('assignee')?.truthy ? [p.get('assignee')] : [];
  return people.map((a) => a.get('name').str());
}

function push(p: PayloadField): string {
  const after = p.opt('after');
  if (after?.truthy && after.str() === EMPTY_SHA) return `${p.get('user_name').str()} deleted branch ${branchName(p)}.`;
  const compare = `${projectHomepage(p)}/-/compare/${p.get('before').str()}...${p.get('after').str()}`;
  const commits = p.get('commits').list().map((c) => ({ name: c.get('author').get('name').str(), sha: c.get('id').str(), message: c.get('message').str(), url: c.get('url').str() }));
  return pushMessage(p.get('user_name').str(), compare, branchName(p), commits);
}

function issueOpened(p: PayloadField, withTitle: boolean): string {
  const description = attributes(p).opt('description');
  const text = description?.truthy ? description.str().replace(/<!--[\s\S]*?-->/g, '').trimEnd() : undefined;
  return issueMessage({ user: issueUser(p), action: 'created', url: attributes(p).get('url').str(), number: attributes(p).get('iid').int(), message: text, assignees: assignees(p), title: titleIf(withTitle, attributes(p)) });
}

const issueChanged = (action: string) => (p: PayloadField, withTitle: boolean): string =>
  issueMessage({ user: issueUser(p), action, url: attributes(p).get('url').str(), number: attributes(p).get('iid').int(), title: titleIf(withTitle, attributes(p)) });

const mergeRequest = (action: string) => (p: PayloadField, withTitle: boolean): string => {
  const mr = attributes(p);
  const merged = action === 'merged';
  return pullRequestMessage({
    user: issueUser(p),
    action,
    url: mr.get('url').str(),
    number: mr.get('iid').int(),
    targetBranch: merged ? mr.get('source_branch').str() : undefined,
    baseBranch: merged ? mr.get('target_branch').str() : undefined,
    type: 'MR',
    title: titleIf(withTitle, mr),
  });
};

const mergeRequestOpenedOrUpdated = (action: string) => (p: PayloadField, withTitle: boolean): string => {
  const mr = attributes(p);
  const created = action === 'created';
  return pullRequestMessage({
    user: issueUser(p),
    action,
    url: mr.get('url').str(),
    number: mr.get('iid').int(),
    targetBranch: created ? mr.get('source_branch').str() : undefined,
    baseBranch: created ? mr.get('target_branch').str() : undefined,
    message: mr.get('description').str(),
    assignees: assignees(p),
    type: 'MR',
    title: titleIf(withTitle, mr),
  });
};

const mergeRequestUpdated = (p: PayloadField, withTitle: boolean): string =>
  attributes(p).opt('oldrev')?.truthy ? mergeRequest('added commit(s) to')(p, withTitle) : mergeRequestOpenedOrUpdated('updated')(p, withTitle);

const commentedOn = (kind: 'merge_request' | 'issue', type: string) => (p: PayloadField, withTitle: boolean): string => {
  const comment = attributes(p);
  const item = p.get(kind);
  return pullRequestMessage({ user: issueUser(p), action: `[commented](${comment.get('url').str()}) on`, url: item.get('url').str(), number: item.get('iid').int(), message: comment.get('note').str(), type, title: titleIf(withTitle, item) });
};

function commentedSnippet(p: PayloadField, withTitle: boolean): string {
  const comment = attributes(p);
  const snippet = p.get('snippet');
  const url = snippet.has('url') ? snippet.get('url').str() : `${p.get('project').get('web_url').str()}/-/snippets/${snippet.get('id').int()}`;
  return pullRequestMessage({ user: issueUser(p), action: `[commented](${comment.get('url').str()}) on`, url, number: snippet.get('id').int(), message: comment.get('note').str(), type: 'snippet', title: titleIf(withTitle, snippet) });
}

const statusAction = (status: string, startedWhen: string): string => (status === startedWhen ? 'was created' : status === 'running' ? 'started' : `changed status to ${status}`);

function build(p: PayloadField): string {
  const status = p.get('build_status').str();
  return `Build ${p.get('build_name').str()} from ${p.get('build_stage').str()} stage ${statusAction(status, 'created')}.`;
}

function pipeline(p: PayloadField): string {
  const id = attributes(p).get('id').int();
  const home = projectHomepage(p);
  const builds = p.get('builds').list().map((b) => {
    const url = `${home}/-/jobs/${b.get('id').int()}`;
    const artifact = b.opt('artifacts_file')?.opt('filename');
    const artifactLine = artifact?.truthy ? `  * built artifact: *${artifact.str()}* [[Browse](${url}/artifacts/browse)|[Download](${url}/artifacts/download)]\n` : '';
    return `* [${b.get('name').str()}](${url}) - ${b.get('status').str()}\n${artifactLine}`;
  });
  return `[Pipeline (${id})](${home}/-/pipelines/${id}) ${statusAction(attributes(p).get('status').str(), 'pending')} with build(s):\n${builds.join('').slice(0, -1)}.`;
}

const wikiPage = (action: string) => (p: PayloadField): string => `${issueUser(p)} ${action} [wiki page "${attributes(p).get('title').str()}"](${attributes(p).get('url').str()}).`;

/** The message for each of the public server's GitLab event kinds (header, with the action or noteable type). */
export const GITLAB_BODIES: Readonly<Record<string, (p: PayloadField, withTitle: boolean) => string>> = {
  'Push Hook': push,
  'Tag Push Hook': (p) => pushTagMessage(p.get('user_name').str(), p.get('ref').str().replace('refs/tags/', ''), undefined, p.opt('checkout_sha')?.truthy ? 'pushed' : 'removed'),
  'Test Hook': (p) => `Webhook for **${repoName(p)}** has been configured successfully! :tada:`,
  'Issue Hook open': issueOpened,
  'Issue Hook close': issueChanged('closed'),
  'Issue Hook reopen': issueChanged('reopened'),
  'Issue Hook update': issueChanged('updated'),
  'Confidential Issue Hook open': issueOpened,
  'Confidential Issue Hook close': issueChanged('closed'),
  'Confidential Issue Hook reopen': issueChanged('reopened'),
  'Confidential Issue Hook update': issueChanged('updated'),
  'Note Hook Commit': (p) => {
    const comment = attributes(p);
    return commitCommentMessage(issueUser(p), `[commented](${comment.get('url').str()})`, p.get('commit').get('url').str(), p.get('commit').get('id').str(), comment.get('note').str());
  },
  'Note Hook MergeRequest': commentedOn('merge_request', 'MR'),
  'Note Hook Issue': commentedOn('issue', 'issue'),
  'Confidential Note Hook Issue': commentedOn('issue', 'issue'),
  'Note Hook Snippet': commentedSnippet,
  'Merge Request Hook approved': mergeRequest('approved'),
  'Merge Request Hook unapproved': mergeRequest('unapproved'),
  'Merge Request Hook open': mergeRequestOpenedOrUpdated('created'),
  'Merge Request Hook update': mergeRequestUpdated,
  'Merge Request Hook merge': mergeRequest('merged'),
  'Merge Request Hook close': mergeRequest('closed'),
  'Merge Request Hook reopen': mergeRequest('reopened'),
  'Wiki Page Hook create': wikiPage('created'),
  'Wiki Page Hook update': wikiPage('updated'),
  'Job Hook': build,
  'Build Hook': build,
  'Pipeline Hook': pipeline,
};
