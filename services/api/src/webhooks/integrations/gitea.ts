import { pullRequestMessage } from '../git-messages.js';
import type { PayloadField } from '../payload-field.js';
import { gogsFamily } from './gogs-family.js';

/** Gitea's pull requests: merged by someone, or the author's action, with branches unless edited. */
function pullRequest(p: PayloadField, withTitle: boolean): string {
  const pr = p.get('pull_request');
  const merged = pr.get('merged').bool();
  const action = merged ? 'merged' : p.get('action').str();
  const showBranches = action !== 'edited';
  const assignee = pr.get('assignee');
  return pullRequestMessage({
    user: (merged ? pr.get('merged_by') : pr.get('user')).get('username').str(),
    action,
    url: pr.get('html_url').str(),
    number: pr.get('number').int(),
    targetBranch: showBranches && pr.has('head') ? pr.get('head').get('ref').str() : undefined,
    baseBranch: showBranches && pr.has('base') ? pr.get('base').get('ref').str() : undefined,
    title: withTitle ? pr.get('title').str() : undefined,
    assignee: assignee.truthy ? assignee.get('login').str() : undefined,
  });
}

/** Gitea: a fork of Gogs, so the same events under X-Gitea-Event. */
export const giteaIntegration = gogsFamily('gitea', 'Gitea', 'X-Gitea-Event', pullRequest);
