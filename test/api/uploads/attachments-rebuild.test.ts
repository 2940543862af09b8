import { expect } from 'chai';
import type { ReadModels } from '@chat/projections';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { editMessage } from '../../support/edit-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { collectionsView } from '../../support/read-models-view.js';
import { rebuiltModels } from '../../support/rebuilt-models.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import { attachmentOf, uploaded } from '../../support/upload-requests.js';

const UPLOAD_MODELS = ['attachments', 'attachmentLinks', 'uploadUsage', 'scheduledJobs'] as const;

/** The attachment models are projections of the log: rebuilt from position 0 they equal the live ones. */
describe('attachments: a rebuild from the log equals the live models', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await createChannels(alice, ['files']);
    const files = [];
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt']) files.push(await uploaded(alice, name, `content of ${name}`));
    const [a, b, c, d, e] = files;
    await uploaded(bob, 'bob.txt', 'bob');
    const m1 = await postToChannel(alice, 'files', 't', `[a](${a.url}) [b](${b.url})`);
    const m2 = await postDirect(alice, [bob.userId], `[b](${b.url}) [c](${c.url})`);
    await postToChannel(bob, 'files', 't', `[a](${a.url})`);
    expectSuccess(await editMessage(alice, m1, { content: `[a](${a.url}) [d](${d.url})` }));
    expectSuccess(await alice.delete(`/messages/${m2}`));
    expectSuccess(await alice.delete(`/attachments/${(await attachmentOf(alice, e.pathId))?.id}`));
    await server.ctx.scheduler.runDue();
    await server.ctx.runner.waitFor(await server.ctx.store.headPosition());
  });
  after(() => server.stop());

  const uploadViews = async (models: ReadModels) => {
    const all = await collectionsView(models);
    return Object.fromEntries(UPLOAD_MODELS.map((name) => [name, all[name]]));
  };

  it('the live models hold what the history made', async function () {
    const view = await uploadViews(server.ctx.models);
    const linked = (view.attachments as { name: string; messages: unknown[] }[]).map((a) => [a.name, a.messages.length]);
    // b and c lost their last message to the deletion (orphaned, removed at the run); e was deleted by its owner.
    expect(linked.sort()).to.deep.equal([['a.txt', 1], ['bob.txt', 0], ['d.txt', 1]]);
    expect(view.uploadUsage).to.deep.equal([{ bytes: 'content of a.txt'.length * 2 + 3 }]);
    const jobs = (view.scheduledJobs as { key: string; kind: string }[]).filter((job) => job.key.startsWith('attachment:'));
    expect(jobs.map((job) => job.kind)).to.deep.equal(['upload-unclaimed']);
  });

  it('every attachment collection and job holds the same documents after a rebuild', async function () {
    expect(await uploadViews(await rebuiltModels(server))).to.deep.equal(await uploadViews(server.ctx.models));
  });
});
