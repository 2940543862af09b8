import type { WebhookIntegration } from '../integration.js';
import { PayloadField } from '../payload-field.js';
import { branchNotifiable } from '../git-messages.js';
import { missingEventHeader, unsupportedEvent } from '../webhook-errors.js';
import { branchOf, GITHUB_BODIES } from './github-bodies.js';

const IGNORED_EVENTS = new Set(['check_suite', 'label', 'meta', 'milestone', 'organization', 'project_card', 'push__merge_queue', 'repository_vulnerability_alert']);
const IGNORED_PULL_REQUEST_ACTIONS = new Set(['approved', 'converted_to_draft', 'labeled', 'review_request_removed', 'unlabeled']);
const IGNORED_TEAM_ACTIONS = new Set(['added_to_repository', 'created', 'deleted', 'removed_from_repository']);
const PULL_REQUEST_KINDS: Record<string, string> = {
  opened: 'opened_or_update_pull_request',
  synchronize: 'opened_or_update_pull_request',
  reopened: 'opened_or_update_pull_request',
  edited: 'opened_or_update_pull_request',
  assigned: 'assigned_or_unassigned_pull_request',
  unassigned: 'assigned_or_unassigned_pull_request',
  closed: 'closed_pull_request',
  review_requested: 'pull_request_review_requested',
  ready_for_review: 'pull_request_ready_for_review',
  locked: 'locked_or_unlocked_pull_request',
  unlocked: 'locked_or_unlocked_pull_request',
  auto_merge_enabled: 'pull_request_auto_merge',
  auto_merge_disabled: 'pull_request_auto_merge',
};

/** Our kind of event for GitHub's event header and payload; null for one deliberately not posted. */
function kindOf(header: string, p: PayloadField, branches: string | undefined): string | null {
  const action = (): string => p.get('action').str();
  if (header === 'pull_request') {
    const kind = PULL_REQUEST_KINDS[action()];
    if (kind) return kind;
    if (IGNORED_PULL_REQUEST_ACTIONS.has(action())) return null;
  } else if (header === 'push') {
    const ref = p.get('ref').str();
    if (ref.startsWith('refs/heads/gh-readonly-queue/')) return null;
    if (!ref.startsWith('refs/heads/')) return 'push_tags';
    return branchNotifiable(branchOf(ref), branches) ? 'push_commits' : null;
  } else if (header === 'check_run') {
    return p.get('check_run').get('status').str() === 'completed' ? header : null;
  } else if (header === 'team') {
    if (action() === 'edited') return 'team';
    if (IGNORED_TEAM_ACTIONS.has(action())) return null;
    throw unsupportedEvent('GitHub', `unsupported team action ${action()}`);
  } else if (header === 'issues') {
    if (action() === 'labeled' || action() === 'unlabeled') return 'issue_labeled_or_unlabeled';
    if (action() === 'milestoned' || action() === 'demilestoned') return 'issue_milestoned_or_demilestoned';
    return 'issues';
  } else if (Object.hasOwn(GITHUB_BODIES, header)) {
    return header;
  } else if (IGNORED_EVENTS.has(header)) {
    return null;
  }
  throw unsupportedEvent('GitHub', `${header}:${p.opt('action')?.str() ?? '???'}`);
}

function topicOf(p: PayloadField, kind: string): string {
  const repo = (): string => p.get('repository').get('name').str();
  if (kind.includes('pull_request')) {
    const pr = p.get('pull_request');
    return `${repo()} / PR #${pr.get('number').int()} ${pr.get('title').str()}`;
  }
  if (kind.startsWith('issue')) return `${repo()} / issue #${p.get('issue').get('number').int()} ${p.get('issue').get('title').str()}`;
  if (kind.startsWith('deployment')) return `${repo()} / Deployment on ${p.get('deployment').get('environment').str()}`;
  if (kind === 'membership') return `${p.get('organization').get('login').str()} organization`;
  if (kind === 'team') return `team ${p.get('team').get('name').str()}`;
  if (kind === 'push_commits') return `${repo()} / ${branchOf(p.get('ref').str())}`;
  if (kind === 'gollum') return `${repo()} / wiki pages`;
  if (kind === 'ping' && !p.opt('repository')?.truthy) return p.get('organization').get('login').str();
  if (kind === 'check_run') return `${repo()} / checks`;
  if (kind.startsWith('discussion')) return `${repo()} discussion #${p.get('discussion').get('number').int()}: ${p.get('discussion').get('title').str()}`;
  return repo();
}

/** GitHub: the event named by the X-GitHub-Event header, with its repository, PR or issue as the topic. */
export const githubIntegration: WebhookIntegration = {
  name: 'github',
  displayName: 'GitHub',
  messages(request) {
    const header = request.header('X-GitHub-Event');
    if (header === undefined) throw missingEventHeader('X-GitHub-Event');
    const payload = new PayloadField(request.payload);
    const kind = kindOf(header, payload, request.param('branches'));
    if (kind === null) return [];
    const body = GITHUB_BODIES[kind];
    if (!body) throw unsupportedEvent('GitHub', kind);
    return [{ topic: topicOf(payload, kind), body: body({ payload, withTitle: request.topicGiven }), event: kind }];
  },
};
