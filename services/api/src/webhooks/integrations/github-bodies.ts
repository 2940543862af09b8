import type { PayloadField } from '../payload-field.js';
import { commitCommentMessage, issueMessage, labelMessage, milestoneMessage, pullRequestMessage, pushMessage, pushTagMessage, quoted, releaseMessage, setupMessage, shortSha } from '../git-messages.js';

/** One GitHub event's payload, and whether the service chose the topic (then titles are spelled out). */
export interface GitHubEvent {
  payload: PayloadField;
  withTitle: boolean;
}

const sender = (p: PayloadField): string => p.get('sender').get('login').str();
const senderUrl = (p: PayloadField): string => p.get('sender').get('html_url').str();
const repoFullName = (p: PayloadField): string => p.get('repository').get('full_name').str();
const repoUrl = (p: PayloadField): string => p.get('repository').get('html_url').str();
const titleOf = (e: GitHubEvent, item: PayloadField): string | undefined => (e.withTitle ? item.get('title').str() : undefined);
export const branchOf = (ref: string): string => ref.replace(/^refs\/heads\//, '');

function openedOrUpdatedPullRequest({ payload: p, withTitle }: GitHubEvent): string {
  const pr = p.get('pull_request');
  let action = p.get('action').str();
  if (action === 'synchronize') action = 'updated';
  const showBranches = action === 'opened' || action === 'merged';
  return pullRequestMessage({
    user: sender(p),
    action,
    url: pr.get('html_url').str(),
    number: pr.get('number').int(),
    targetBranch: showBranches ? pr.get('head').get('label').str() : undefined,
    baseBranch: showBranches ? pr.get('base').get('label').str() : undefined,
    message: p.opt('changes')?.has('body') || action === 'opened' ? pr.get('body').strOrNull() : undefined,
    assignee: pr.opt('assignee')?.get('login').str(),
    title: withTitle ? pr.get('title').str() : undefined,
  });
}

function assignedPullRequest(e: GitHubEvent): string {
  const pr = e.payload.get('pull_request');
  const base = pullRequestMessage({ user: sender(e.payload), action: e.payload.get('action').str(), url: pr.get('html_url').str(), number: pr.get('number').int(), title: titleOf(e, pr) });
  const assignee = pr.opt('assignee');
  return assignee ? `${base.slice(0, -1)} to ${assignee.get('login').str()}.` : base;
}

function closedPullRequest(e: GitHubEvent): string {
  const pr = e.payload.get('pull_request');
  const action = pr.get('merged').bool() ? 'merged' : 'closed without merge';
  return pullRequestMessage({ user: sender(e.payload), action, url: pr.get('html_url').str(), number: pr.get('number').int(), title: titleOf(e, pr) });
}

function issue(e: GitHubEvent): string {
  const p = e.payload;
  const action = p.get('action').str();
  const item = p.get('issue');
  const assigning = action === 'assigned' || action === 'unassigned';
  const base = issueMessage({ user: sender(p), action, url: item.get('html_url').str(), number: item.get('number').int(), message: assigning ? undefined : item.get('body').strOrNull(), title: titleOf(e, item) });
  if (!p.has('assignee')) return base;
  const assignee = p.get('assignee').get('login').str();
  if (action === 'assigned') return `${base.slice(0, -1)} to ${assignee}.`;
  if (action === 'unassigned') return base.replace('unassigned', `unassigned ${assignee} from`);
  return base;
}

function issueComment(e: GitHubEvent): string {
  const p = e.payload;
  const action = p.get('action').str();
  const comment = p.get('comment');
  const item = p.get('issue');
  const verb = `${action === 'created' ? '[commented]' : `${action} a [comment]`}(${comment.get('html_url').str()}) on`;
  return issueMessage({ user: sender(p), action: verb, url: item.get('html_url').str(), number: item.get('number').int(), message: comment.get('body').str(), title: titleOf(e, item) });
}

function pushCommits({ payload: p }: GitHubEvent): string {
  const commits = p.get('commits').list().map((c) => {
    const author = c.get('author');
    return { name: (author.opt('username')?.truthy ? author.get('username') : author.get('name')).str(), sha: c.get('id').str(), url: c.get('url').str(), message: c.get('message').str() };
  });
  return pushMessage(sender(p), p.get('compare').str(), branchOf(p.get('ref').str()), commits, { deleted: p.get('deleted').bool(), forced: p.get('forced').bool() });
}

function pullRequestReviewRequested(e: GitHubEvent): string {
  const p = e.payload;
  const pr = p.get('pull_request');
  const reviewer = p.has('requested_reviewer') ? p.get('requested_reviewer') : p.get('requested_team');
  const reviewers = `[${reviewer.get(p.has('requested_reviewer') ? 'login' : 'name').str()}](${reviewer.get('html_url').str()})`;
  const title = e.withTitle ? ` ${pr.get('title').str()}` : '';
  return `**${sender(p)}** requested ${reviewers} for a review on [PR #${pr.get('number').int()}${title}](${pr.get('html_url').str()}).`;
}

function teamEdited({ payload: p }: GitHubEvent): string {
  const changes = p.get('changes');
  const team = p.get('team');
  if (changes.has('description')) return `**${sender(p)}** changed the team description to:\n\`\`\`quote\n${team.get('description').str()}\n\`\`\``;
  if (changes.has('name')) return `Team \`${changes.get('name').get('from').str()}\` was renamed to \`${team.get('name').str()}\`.`;
  if (changes.has('privacy')) return `Team visibility changed to \`${team.get('privacy').str()}\``;
  return `Team has changes to \`${changes.keys().sort().join('/')}\` data.`;
}

const prNumberAndUrl = (p: PayloadField): string => `[PR #${p.get('pull_request').get('number').int()}](${p.get('pull_request').get('html_url').str()})`;

/** The message for each of the public server's GitHub event kinds. */
export const GITHUB_BODIES: Readonly<Record<string, (e: GitHubEvent) => string>> = {
  commit_comment: ({ payload: p }) => {
    const comment = p.get('comment');
    const url = comment.get('html_url').str();
    return commitCommentMessage(sender(p), `[commented](${url})`, String(url.split('#')[0]), comment.get('commit_id').str(), comment.get('body').str());
  },
  closed_pull_request: closedPullRequest,
  create: ({ payload: p }) => `${sender(p)} created ${p.get('ref_type').str()} ${p.get('ref').str()}.`.trimEnd(),
  delete: ({ payload: p }) => `${sender(p)} deleted ${p.get('ref_type').str()} ${p.get('ref').str()}.`.trimEnd(),
  check_run: ({ payload: p }) => {
    const run = p.get('check_run');
    const sha = run.get('head_sha').str();
    return `Check [${run.get('name').str()}](${run.get('html_url').str()}) ${run.get('status').str()} (${run.get('conclusion').str()}). ([${shortSha(sha)}](${repoUrl(p)}/commit/${sha}))`;
  },
  deployment: ({ payload: p }) => `${sender(p)} created new deployment.`,
  deployment_status: ({ payload: p }) => `Deployment changed status to ${p.get('deployment_status').get('state').str()}.`,
  discussion: ({ payload: p }) => {
    const d = p.get('discussion');
    return `${sender(p)} created [discussion #${d.get('number').int()}](${d.get('html_url').str()}) in ${d.get('category').get('name').str()}:\n\`\`\`quote\n### ${d.get('title').str()}\n${d.get('body').str()}\n\`\`\``;
  },
  discussion_comment: ({ payload: p }) => {
    const d = p.get('discussion');
    const c = p.get('comment');
    return `${sender(p)} [commented](${c.get('html_url').str()}) on [discussion #${d.get('number').int()}](${d.get('html_url').str()}):\n\`\`\`quote\n${c.get('body').str()}\n\`\`\``;
  },
  fork: ({ payload: p }) => `${sender(p)} forked [${p.get('forkee').get('name').str()}](${p.get('forkee').get('html_url').str()}).`,
  gollum: ({ payload: p }) => `${sender(p)}:\n${p.get('pages').list().map((page) => `* ${page.get('action').str()} [${page.get('title').str()}](${page.get('html_url').str()})\n`).join('').trimEnd()}`,
  issue_comment: issueComment,
  issue_labeled_or_unlabeled: (e) => {
    const item = e.payload.get('issue');
    const action = e.payload.get('action').str() === 'labeled' ? 'added' : 'removed';
    return labelMessage(sender(e.payload), senderUrl(e.payload), action, e.payload.get('label').get('name').str(), item.get('number').int(), item.get('html_url').str(), titleOf(e, item));
  },
  issue_milestoned_or_demilestoned: (e) => {
    const item = e.payload.get('issue');
    const milestone = e.payload.get('milestone');
    const action = e.payload.get('action').str() === 'milestoned' ? 'added' : 'removed';
    return milestoneMessage(sender(e.payload), senderUrl(e.payload), action, milestone.get('title').str(), milestone.get('html_url').str(), item.get('number').int(), item.get('html_url').str(), titleOf(e, item));
  },
  issues: issue,
  member: ({ payload: p }) => `${sender(p)} ${p.get('action').str()} [${p.get('member').get('login').str()}](${p.get('member').get('html_url').str()}) to [${p.get('repository').get('name').str()}](${repoUrl(p)}).`,
  membership: ({ payload: p }) => {
    const action = p.get('action').str();
    return `${sender(p)} ${action} [${p.get('member').get('login').str()}](${p.get('member').get('html_url').str()}) ${action === 'removed' ? 'from' : 'to'} the ${p.get('team').get('name').str()} team.`;
  },
  opened_or_update_pull_request: openedOrUpdatedPullRequest,
  assigned_or_unassigned_pull_request: assignedPullRequest,
  page_build: ({ payload: p }) => {
    const build = p.get('build');
    const status = build.get('status').str();
    const actions: Record<string, string> = { null: 'has yet to be built', building: 'is being built', errored: 'has failed: {}', built: 'has finished building' };
    let action = actions[status] ?? `is ${status}`;
    const error = build.get('error').get('message');
    if (error.truthy) action = action.replace('{}', quoted(error.str()));
    return `GitHub Pages build, triggered by ${build.get('pusher').get('login').str()}, ${action}.`;
  },
  ping: ({ payload: p }) => setupMessage('GitHub', sender(p)),
  public: ({ payload: p }) => `${sender(p)} made the repository [${repoFullName(p)}](${repoUrl(p)}) public.`,
  pull_request_ready_for_review: ({ payload: p }) => `**${sender(p)}** has marked ${prNumberAndUrl(p)} as ready for review.`,
  pull_request_review: (e) => {
    const pr = e.payload.get('pull_request');
    const title = e.withTitle ? `for #${pr.get('number').int()} ${pr.get('title').str()}` : undefined;
    return pullRequestMessage({ user: sender(e.payload), action: 'submitted', url: e.payload.get('review').get('html_url').str(), type: 'PR review', title, message: e.payload.get('review').get('body').strOrNull() });
  },
  pull_request_review_comment: (e) => {
    const p = e.payload;
    const action = p.get('action').str();
    const pr = p.get('pull_request');
    const title = e.withTitle ? `on #${pr.get('number').int()} ${pr.get('title').str()}` : undefined;
    return pullRequestMessage({ user: sender(p), action, url: p.get('comment').get('html_url').str(), message: action === 'created' ? p.get('comment').get('body').str() : undefined, type: 'PR review comment', title });
  },
  pull_request_review_requested: pullRequestReviewRequested,
  pull_request_auto_merge: ({ payload: p }) => `${sender(p)} has ${p.get('action').str() === 'auto_merge_disabled' ? 'disabled' : 'enabled'} auto merge for ${prNumberAndUrl(p)}.`,
  locked_or_unlocked_pull_request: ({ payload: p }) => {
    if (p.get('action').str() === 'unlocked') return `${sender(p)} has unlocked ${prNumberAndUrl(p)}.`;
    const reason = p.get('pull_request').get('active_lock_reason');
    return `${sender(p)} has locked ${prNumberAndUrl(p)} as ${reason.truthy ? reason.str() : 'None'} and limited conversation to collaborators.`;
  },
  push_commits: pushCommits,
  push_tags: ({ payload: p }) => pushTagMessage(sender(p), p.get('ref').str().replace(/^refs\/tags\//, ''), undefined, p.get('created').bool() ? 'pushed' : 'removed'),
  release: ({ payload: p }) => {
    const release = p.get('release');
    const name = release.get('name').truthy ? release.get('name').str() : release.get('tag_name').str();
    return releaseMessage(sender(p), p.get('action').str(), release.get('tag_name').str(), name, release.get('html_url').str());
  },
  repository: ({ payload: p }) => `${sender(p)} ${p.get('action').str()} the repository [${repoFullName(p)}](${repoUrl(p)}).`,
  star: ({ payload: p }) => `[${sender(p)}](${senderUrl(p)}) ${p.get('action').str() === 'created' ? 'starred' : 'unstarred'} the repository [${repoFullName(p)}](${repoUrl(p)}).`,
  status: ({ payload: p }) => {
    const target = p.get('target_url');
    const status = target.truthy ? `[${p.get('state').str()}](${target.str()})` : p.get('state').str();
    return `[${shortSha(p.get('sha').str())}](${p.get('commit').get('html_url').str()}) changed its status to ${status}.`;
  },
  team: teamEdited,
  team_add: ({ payload: p }) => `The repository [${repoFullName(p)}](${repoUrl(p)}) was added to team ${p.get('team').get('name').str()}.`,
  watch: ({ payload: p }) => `${sender(p)} starred the repository [${repoFullName(p)}](${repoUrl(p)}).`,
};
