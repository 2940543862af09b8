import { expect } from 'chai';
import { ApiError } from '@chat/core';
import { eventPasses } from '../../../services/api/src/webhooks/event-filter.js';
import { PayloadField } from '../../../services/api/src/webhooks/payload-field.js';
import { pullRequestMessage, pushMessage } from '../../../services/api/src/webhooks/git-messages.js';

const refusal = (read: () => unknown): { status: number; message: string } => {
  try {
    read();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('read without a refusal');
};

describe('webhooks: reading payloads and filtering events', () => {
  it('names the path of a missing or mistyped field in a 400', () => {
    const p = new PayloadField({ sender: { login: 7 }, list: [1], none: null });
    expect(refusal(() => p.get('repository'))).to.deep.equal({ status: 400, message: 'payload["repository"] is missing' });
    expect(refusal(() => p.get('sender').get('login').str())).to.deep.equal({ status: 400, message: 'payload["sender"]["login"] is not a string' });
    expect(refusal(() => p.get('list').get('x'))).to.deep.equal({ status: 400, message: 'payload["list"] is not a dict' });
    expect(refusal(() => p.get('list').list()[0]?.bool())).to.deep.equal({ status: 400, message: 'payload["list"][0] is not a boolean' });
    expect(refusal(() => p.get('sender').get('login').oneOf(['a']))).to.deep.equal({ status: 400, message: 'payload["sender"]["login"] is not a string' });
    expect(refusal(() => new PayloadField({ u: 'not a url' }).get('u').url())).to.deep.equal({ status: 400, message: 'payload["u"] is not a URL' });
    expect(p.opt('none')).to.equal(undefined);
    expect(p.get('none').truthy).to.equal(false);
  });

  it('matches only_events and exclude_events as shell-style patterns', () => {
    expect(eventPasses('push_commits', ['push*'], undefined)).to.equal(true);
    expect(eventPasses('issues', ['push*', 'issue?'], undefined)).to.equal(true);
    expect(eventPasses('issues_x', ['push*', 'issue?'], undefined)).to.equal(false);
    expect(eventPasses('issue_comment', ['issue[_s]comment'], undefined)).to.equal(true);
    expect(eventPasses('ping', undefined, ['p[!u]ng'])).to.equal(false);
    expect(eventPasses('Push Hook', ['push hook'], undefined)).to.equal(false);
    expect(eventPasses(undefined, ['x'], ['*'])).to.equal(true);
    expect(eventPasses('a.b', ['a?b'], ['a.c'])).to.equal(true);
  });

  it("words pushes and pull requests as the public server's git integrations do", () => {
    const commit = (name: string) => ({ name, sha: '0123456789abcdef', url: 'u', message: 'Fix\nbody' });
    expect(pushMessage('ann', 'c', 'main', [commit('ann')])).to.equal('ann [pushed](c) 1 commit to branch main.\n\n* Fix ([0123456789a](u))');
    expect(pushMessage('ann', null, 'main', ['b', 'b', 'c', 'd', 'e'].map(commit))).to.equal(
      'ann pushed 5 commits to branch main. Commits by b (2), c (1), d (1) and others (1).\n\n' + '* Fix ([0123456789a](u))\n'.repeat(4) + '* Fix ([0123456789a](u))',
    );
    expect(pullRequestMessage({ user: 'ann', action: 'opened', url: 'u', number: 3, title: 'Why?' })).to.equal('ann opened [PR #3 Why?](u)');
    expect(pullRequestMessage({ user: 'ann', action: 'opened', url: 'u', number: 3, message: 'text', assignees: ['b', 'c', 'd'] })).to.equal('ann opened [PR #3](u) (assigned to b, c and d):\n\n~~~ quote\ntext\n~~~');
  });
});
