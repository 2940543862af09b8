import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { expectNothingRecorded } from '../../support/channel-requests.js';
import { numberField } from '../../support/json-fields.js';
import { drain, ofType, registerQueue } from '../../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { attachmentsOf, loggedEvents, uploadFile } from '../../support/upload-requests.js';

const PATH_ID = /^1\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/([A-Za-z0-9._-]+)$/;

describe('uploads: POST /user_uploads and GET /attachments', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  beforeEach(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
  });
  afterEach(() => server.stop());

  it('stores the file under the data directory and answers url, uri and filename; an attachment add event goes to the uploader', async function () {
    const queue = await registerQueue(alice);
    const other = await registerQueue(bob);
    const body = expectSuccess(await uploadFile(alice, 'Quarterly report (final).txt', 'numbers and more numbers'));
    expect(Object.keys(body).sort()).to.deep.equal(['filename', 'msg', 'result', 'uri', 'url']);
    expect(body.filename).to.equal('Quarterly report (final).txt');
    expect(body.uri).to.equal(body.url);
    const pathId = String(body.url).replace('/user_uploads/', '');
    expect(pathId).to.match(PATH_ID);
    expect(PATH_ID.exec(pathId)?.[1]).to.equal('Quarterly_report_final_.txt');
    expect(readFileSync(join(server.dataDir, 'uploads', pathId), 'utf8')).to.equal('numbers and more numbers');

    const [record] = (await attachmentsOf(alice)).values();
    expect(record).to.deep.equal({ id: record.id, name: 'Quarterly report (final).txt', path_id: pathId, size: 24, create_time: server.clock.now(), messages: [] });
    const events = ofType(await drain(queue), 'attachment');
    expect(events).to.deep.equal([{ id: events[0].id, type: 'attachment', op: 'add', attachment: record, upload_space_used: 24 }]);
    expect(ofType(await drain(other), 'attachment')).to.deep.equal([]);
  });

  it('logs what describes the file (digest, size, type, owner), never its bytes', async function () {
    const secret = 'the bytes themselves stay out of the log';
    const url = String(expectSuccess(await uploadFile(alice, 'notes.md', secret, 'text/markdown')).url);
    const [logged] = loggedEvents(server, 'AttachmentUploaded');
    expect(logged.data).to.deep.equal({
      attachment_id: logged.data.attachment_id,
      owner_id: alice.userId,
      name: 'notes.md',
      path_id: url.replace('/user_uploads/', ''),
      size: secret.length,
      content_type: 'text/markdown',
      sha256: createHash('sha256').update(secret).digest('hex'),
    });
    expect(JSON.stringify(loggedEvents(server, 'AttachmentUploaded'))).not.to.contain(secret);
  });

  it('lists only the caller\'s files, oldest first, with the organization\'s upload space in use', async function () {
    expectSuccess(await uploadFile(alice, 'a.txt', 'aaaa'));
    server.clock.advance(5000);
    expectSuccess(await uploadFile(bob, 'b.txt', 'bbbbbbbbbb'));
    expectSuccess(await uploadFile(alice, 'c.bin', Buffer.from([0, 1, 2]), 'application/octet-stream'));
    const res = expectSuccess(await alice.get('/attachments'));
    expect(Object.keys(res).sort()).to.deep.equal(['attachments', 'msg', 'result', 'upload_space_used']);
    expect(res.upload_space_used).to.equal(17);
    const list = res.attachments as { name: string; size: number; create_time: number }[];
    expect(list.map((a) => [a.name, a.size])).to.deep.equal([['a.txt', 4], ['c.bin', 3]]);
    expect(list[1].create_time - list[0].create_time).to.equal(5000);
    expect([...(await attachmentsOf(bob)).values()].map((a) => a.name)).to.deep.equal(['b.txt']);
  });

  it('refuses a request without a file, and one with two', async function () {
    const none = new FormData();
    none.append('note', 'no file here');
    await expectNothingRecorded(server, () => alice.request('POST', '/user_uploads', none), (res) => expectExactFailure(res, 'BAD_REQUEST', 'You must specify a file to upload'));
    await expectNothingRecorded(server, () => alice.post('/user_uploads', {}), (res) => expectExactFailure(res, 'BAD_REQUEST', 'You must specify a file to upload'));
    const two = new FormData();
    two.append('filename', new Blob(['1']), 'one.txt');
    two.append('other', new Blob(['2']), 'two.txt');
    await expectNothingRecorded(server, () => alice.request('POST', '/user_uploads', two), (res) => expectExactFailure(res, 'BAD_REQUEST', 'You may only upload one file at a time'));
    expect(existsSync(join(server.dataDir, 'uploads'))).to.equal(false);
  });

  it('refuses a file part on endpoints that take none', async function () {
    const form = new FormData();
    form.append('filename', new Blob(['1']), 'one.txt');
    expectExactFailure(await alice.request('POST', '/users/me/alert_words', form), 'BAD_REQUEST', 'This endpoint takes no files');
  });

  it('answers 401 UNAUTHORIZED without credentials', async function () {
    const form = new FormData();
    form.append('filename', new Blob(['1']), 'one.txt');
    for (const res of [await server.anonymous.request('POST', '/user_uploads', form), await server.anonymous.get('/attachments')]) {
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' });
    }
  });

  it('refuses a file over CHAT_MAX_UPLOAD_MIB with a clear error and records nothing; register tells clients the limit', async function () {
    const small = await startTestServer({ env: { CHAT_MAX_UPLOAD_MIB: '1' } });
    try {
      const uploader = small.owner;
      const state = expectSuccess(await uploader.post('/register', { fetch_event_types: JSON.stringify(['realm']) }));
      expect(state).to.include({ max_file_upload_size_mib: 1, realm_upload_quota_mib: null });
      expectSuccess(await uploadFile(uploader, 'exact.bin', Buffer.alloc(1024 * 1024), 'application/octet-stream'));
      await expectNothingRecorded(small, () => uploadFile(uploader, 'big.bin', Buffer.alloc(1024 * 1024 + 1), 'application/octet-stream'), (res) => {
        expectExactFailure(res, 'BAD_REQUEST', "The uploaded file is larger than this server's limit of 1 MiB");
        expect(res.body.max_file_upload_size_mib).to.equal(1);
      });
      expect(numberField(expectSuccess(await uploader.get('/attachments')), 'upload_space_used')).to.equal(1024 * 1024);
    } finally {
      await small.stop();
    }
  });

  it('tells clients the default limit of 25 MiB at register', async function () {
    const state = expectSuccess(await alice.post('/register', { fetch_event_types: JSON.stringify(['realm']) }));
    expect(state).to.include({ max_file_upload_size_mib: 25, realm_upload_quota_mib: null });
  });
});
