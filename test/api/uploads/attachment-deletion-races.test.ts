import { expect } from 'chai';
import type { AttachmentState } from '@chat/core';
import { expireAttachment } from '../../../services/api/src/actions/attachments.js';
import { schedulerOrigin } from '../../../services/api/src/commands/scheduler-origin.js';
import type { ApiClient } from '../../support/api-client.js';
import { numberField } from '../../support/json-fields.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import { attachmentOf, loggedEvents, uploaded } from '../../support/upload-requests.js';

describe('attachments: deletions decided while the read model lags the log', function () {
  let server: TestServer, alice: ApiClient;

  before(async function () {
    ({ server, alice } = await startServerWith('alice'));
  });
  after(() => server.stop());

  /** Deletes a new file, then makes the read model answer as it stood before (as another process's may). */
  async function deletedBehindAStaleModel(name: string): Promise<{ id: number; restore: () => void }> {
    const { pathId } = await uploaded(alice, name, 'x');
    const id = numberField(await attachmentOf(alice, pathId), 'id');
    const stale: AttachmentState | undefined = await server.ctx.models.attachments.get(id);
    expectSuccess(await alice.delete(`/attachments/${id}`));
    const attachments = server.ctx.models.attachments;
    const get = attachments.get.bind(attachments);
    attachments.get = async (key) => (Number(key) === id ? stale : get(key));
    return { id, restore: () => (attachments.get = get) };
  }

  const deletionsOf = (id: number) => loggedEvents(server, 'AttachmentDeleted').filter((event) => event.data.attachment_id === id);

  it('refuses a second DELETE from the log, recording nothing, though the model still lists the file', async function () {
    const used = numberField(expectSuccess(await alice.get('/attachments')), 'upload_space_used');
    const { id, restore } = await deletedBehindAStaleModel('twice.txt');
    try {
      expectExactFailure(await alice.delete(`/attachments/${id}`), 'BAD_REQUEST', 'Invalid attachment');
    } finally {
      restore();
    }
    expect(deletionsOf(id)).to.have.length(1);
    expect(numberField(expectSuccess(await alice.get('/attachments')), 'upload_space_used')).to.equal(used);
  });

  it('has the clean-up job find the file already deleted, and record nothing', async function () {
    const { id, restore } = await deletedBehindAStaleModel('orphan.txt');
    try {
      expect(await expireAttachment(server.ctx, schedulerOrigin(`attachment:${id}`), id, 'orphaned')).to.equal(false);
    } finally {
      restore();
    }
    expect(deletionsOf(id).map((event) => event.data.reason)).to.deep.equal(['requested']);
  });
});
