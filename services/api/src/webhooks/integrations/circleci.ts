import { badRequest } from '@chat/core';
import type { WebhookIntegration } from '../integration.js';
import { PayloadField } from '../payload-field.js';
import { shortSha } from '../git-messages.js';

const OUTCOMES: Record<string, string> = { success: 'has succeeded', failed: 'has failed', canceled: 'was canceled', unauthorized: 'was unauthorized', error: 'had an error' };


/** What triggered the pipeline: the commit (GitHub, Bitbucket or GitLab), a branch's head or a tag. */
function trigger(pipeline: PayloadField): string {
  if (pipeline.has('vcs')) {
    const vcs = pipeline.get('vcs');
    const revision = vcs.get('revision').str();
    const link = `${vcs.get('target_repository_url').url()}/${vcs.get('provider_name').value === 'github' ? 'commit' : 'commits'}/${revision}`;
    const branch = vcs.get('branch').strOrNull();
    const subject = vcs.get('commit').get('subject').strOrNull();
    if (!subject) {
      if (!branch) return `Triggered on the latest tag on [${shortSha(revision)}](${link}).`;
      return `Triggered on \`${branch}\`'s HEAD on [${shortSha(revision)}](${link}).`;
    }
    return `Triggered on [\`${shortSha(revision)}: ${subject}\`](${link}) on branch \`${String(branch)}\` by ${vcs.get('commit').get('author').get('name').str()}.`;
  }
  const gitlab = pipeline.get('trigger_parameters').get('gitlab');
  const title = gitlab.get('commit_title').str();
  const sha = gitlab.get('checkout_sha').str();
  const author = gitlab.get('commit_author_name').str();
  const link = `${gitlab.get('web_url').url()}/-/commit/${sha}`;
  return `Triggered on [\`${shortSha(sha)}: ${title}\`](${link}) on branch \`${gitlab.get('branch').str()}\` by ${author}.`;
}

function completed(p: PayloadField): string {
  const pipeline = p.get('pipeline');
  const number = pipeline.get('number').int();
  const details = trigger(pipeline);
  const type = p.get('type').str();
  if (type === 'job-completed') {
    const job = p.get('job');
    return `Job \`${job.get('name').str()}\` within Pipeline #${number} ${OUTCOMES[job.get('status').str()] ?? 'None'}.\n\n${details}`;
  }
  if (type !== 'workflow-completed') throw badRequest(`Invalid ${p.get('type').path}`);
  const workflow = p.get('workflow');
  return `Workflow [\`${workflow.get('name').str()}\`](${workflow.get('url').url()}) within Pipeline #${number} ${OUTCOMES[workflow.get('status').str()] ?? 'None'}.\n\n${details}`;
}

/** CircleCI: completed jobs and workflows under the project's name, and the setup ping; the payload's `type` is the event type. */
export const circleciIntegration: WebhookIntegration = {
  name: 'circleci',
  displayName: 'CircleCI',
  messages(request) {
    const p = new PayloadField(request.payload);
    if (p.get('type').str() === 'ping') return [{ topic: 'Test event', body: `Webhook '${p.get('webhook').get('name').str()}' test event successful.`, event: 'ping' }];
    const topic = p.get('project').get('name').str();
    const body = completed(p);
    const pipeline = p.get('pipeline');
    if (pipeline.has('trigger_parameters') && pipeline.get('trigger').get('type').value !== 'gitlab') throw badRequest("Projects using this version control system provider aren't supported");
    return [{ topic, body, event: p.get('type').str() }];
  },
};
