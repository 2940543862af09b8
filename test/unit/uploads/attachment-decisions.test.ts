import { expect } from 'chai';
import { ApiError, type AttachmentState, decideDeleteAttachment, decideExpireAttachment, decideUploadFile, detachedUploads } from '@chat/core';

const PATH = '1/ab/abcdefghijklmnopqrstuvwx/report.pdf';
const attachment = (over: Partial<AttachmentState> = {}): AttachmentState => ({
  id: 5, owner_id: 7, name: 'report.pdf', path_id: PATH, size: 10, content_type: 'application/pdf', sha256: 'a'.repeat(64),
  create_time: 1000, messages: [], changed_at: 1, ...over,
});

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('attachment decisions', () => {
  const upload = { attachment_id: 5, owner_id: 7, name: 'report.pdf', path_id: PATH, size: 1024 * 1024, content_type: 'application/pdf', sha256: 'a'.repeat(64), maxMib: 1 };

  it('records an upload up to the limit, without the limit', () => {
    expect(decideUploadFile(upload)).to.deep.equal({
      type: 'AttachmentUploaded',
      data: { attachment_id: 5, owner_id: 7, name: 'report.pdf', path_id: PATH, size: 1024 * 1024, content_type: 'application/pdf', sha256: 'a'.repeat(64) },
    });
  });

  it('refuses a file over the limit, naming the limit', () => {
    const error = refusal(() => decideUploadFile({ ...upload, size: 1024 * 1024 + 1 }));
    expect([error.code, error.status, error.message]).to.deep.equal(['BAD_REQUEST', 400, "The uploaded file is larger than this server's limit of 1 MiB"]);
    expect(error.extras).to.deep.equal({ max_file_upload_size_mib: 1 });
  });

  it('lets only the owner delete, and reads anything else as an invalid attachment', () => {
    expect(decideDeleteAttachment(attachment(), 7)).to.deep.equal({
      type: 'AttachmentDeleted', data: { attachment_id: 5, owner_id: 7, path_id: PATH, size: 10, reason: 'requested' },
    });
    for (const [found, actor] of [[attachment(), 8], [undefined, 7]] as const) {
      const error = refusal(() => decideDeleteAttachment(found, actor));
      expect([error.code, error.status, error.message]).to.deep.equal(['BAD_REQUEST', 400, 'Invalid attachment']);
    }
  });

  it('expires a file only while nothing links it', () => {
    expect(decideExpireAttachment(attachment(), 'unclaimed')[0]?.data.reason).to.equal('unclaimed');
    expect(decideExpireAttachment(attachment(), 'orphaned')[0]?.data.reason).to.equal('orphaned');
    expect(decideExpireAttachment(attachment({ messages: [{ id: 3, date_sent: 2000 }] }), 'unclaimed')).to.deep.equal([]);
    expect(decideExpireAttachment(undefined, 'orphaned')).to.deep.equal([]);
  });

  it("detaches the editor's files this message alone linked and the new content drops", () => {
    const only = attachment({ messages: [{ id: 3, date_sent: 2000 }] });
    const shared = attachment({ id: 6, path_id: '1/cd/zyxwvutsrqponmlkjihgfedc/b.txt', messages: [{ id: 3, date_sent: 2000 }, { id: 4, date_sent: 3000 }] });
    const others = attachment({ id: 7, owner_id: 9, path_id: '1/ef/zyxwvutsrqponmlkjihgfedd/c.txt', messages: [{ id: 3, date_sent: 2000 }] });
    const kept = attachment({ id: 8, path_id: '1/ef/zyxwvutsrqponmlkjihgfede/d.txt', messages: [{ id: 3, date_sent: 2000 }] });
    const html = `<p><a href="/user_uploads/${kept.path_id}">d</a></p>`;
    expect(detachedUploads([only, shared, others, kept], 3, 7, html)).to.deep.equal([
      { id: 5, name: 'report.pdf', path_id: PATH, size: 10, create_time: 1000, messages: [] },
    ]);
  });
});
