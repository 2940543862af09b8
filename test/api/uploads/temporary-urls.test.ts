import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { numberField, stringField } from '../../support/json-fields.js';
import { postDirect } from '../../support/message-requests.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import { attachmentOf, download, uploaded } from '../../support/upload-requests.js';

const TEMPORARY = /^\/user_uploads\/temporary\/([^/]+)\/([^/]+)$/;

describe('uploads: temporary URLs (GET /api/v1/user_uploads/{realm_id_str}/{filename})', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient;

  before(async function () {
    ({ server, alice, bob, carol } = await startServerWith('alice', 'bob', 'carol'));
  });
  after(() => server.stop());

  const temporaryUrl = async (client: ApiClient, pathId: string): Promise<string> =>
    stringField(expectSuccess(await client.get(`/user_uploads/${pathId}`)), 'url');

  const fetchedBy = async (url: string) => {
    const got = await download(server, null, url);
    return { status: got.status, body: got.status === 200 ? got.text : JSON.parse(got.text) };
  };

  it('answers a link that serves the file without credentials, ending in the file name', async function () {
    const { pathId } = await uploaded(alice, 'notes.txt', 'meeting notes');
    const res = await alice.get(`/user_uploads/${pathId}`);
    expect(Object.keys(expectSuccess(res)).sort()).to.deep.equal(['msg', 'result', 'url']);
    const url = stringField(res.body, 'url');
    expect(url).to.match(TEMPORARY);
    expect(url.endsWith('/notes.txt')).to.equal(true);
    const got = await download(server, null, url);
    expect(got.status).to.equal(200);
    expect(got.text).to.equal('meeting notes');
    expect(got.headers.get('content-type')).to.equal('text/plain');
    expect(got.headers.get('x-content-type-options')).to.equal('nosniff');
  });

  it('stops working once a minute has passed', async function () {
    const { pathId } = await uploaded(alice, 'brief.txt', 'brief');
    const url = await temporaryUrl(alice, pathId);
    server.clock.advance(59_000);
    expect(await fetchedBy(url)).to.deep.equal({ status: 200, body: 'brief' });
    server.clock.advance(1_000);
    expect(await fetchedBy(url)).to.deep.equal({ status: 400, body: { result: 'error', msg: 'Invalid token', code: 'BAD_REQUEST' } });
  });

  it('refuses a link whose token or file name was altered', async function () {
    const { pathId } = await uploaded(alice, 'a.txt', 'a');
    const other = await uploaded(alice, 'b.txt', 'b');
    const url = await temporaryUrl(alice, pathId);
    const [, token = '', name = ''] = TEMPORARY.exec(url) ?? [];
    const [encodedPath, expiresAt, mac] = token.split('.');
    const invalid = { status: 400, body: { result: 'error', msg: 'Invalid token', code: 'BAD_REQUEST' } };
    // Another file under the same signature, a later expiry, a changed signature, a missing part.
    const swapped = `${Buffer.from(other.pathId).toString('base64url')}.${expiresAt}.${mac}`;
    expect(await fetchedBy(`/user_uploads/temporary/${swapped}/b.txt`)).to.deep.equal(invalid);
    expect(await fetchedBy(`/user_uploads/temporary/${encodedPath}.${Number(expiresAt) + 3_600_000}.${mac}/${name}`)).to.deep.equal(invalid);
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(await fetchedBy(`/user_uploads/temporary/${encodedPath}.${expiresAt}.${flipped}/${name}`)).to.deep.equal(invalid);
    expect(await fetchedBy(`/user_uploads/temporary/${encodedPath}.${expiresAt}/${name}`)).to.deep.equal(invalid);
    expect(await fetchedBy(`/user_uploads/temporary/${token}/b.txt`)).to.deep.equal({
      status: 400,
      body: { result: 'error', msg: 'Invalid filename', code: 'BAD_REQUEST' },
    });
  });

  it('is given only to users who may see the file, as downloads are', async function () {
    const { pathId, url } = await uploaded(alice, 'letter.txt', 'dear bob');
    await postDirect(alice, [bob.userId], `[letter](${url})`);
    expect(await fetchedBy(await temporaryUrl(bob, pathId))).to.deep.equal({ status: 200, body: 'dear bob' });
    const refused = await carol.get(`/user_uploads/${pathId}`);
    expect(refused.status).to.equal(403);
    expect(refused.body).to.deep.equal({ result: 'error', msg: 'You are not authorized to view this file', code: 'BAD_REQUEST' });
  });

  it('answers 404 for a path naming no file, 401 without credentials', async function () {
    const { pathId } = await uploaded(alice, 'x.txt', 'x');
    const missing = await alice.get(`/user_uploads/${pathId.replace(/[^/]+$/, 'y.txt')}`);
    expect(missing.status).to.equal(404);
    expect(missing.body).to.deep.equal({ result: 'error', msg: 'File not found', code: 'NOT_FOUND' });
    expect((await server.anonymous.get(`/user_uploads/${pathId}`)).status).to.equal(401);
    expectExactFailure(await alice.get('/user_uploads/one/x.txt'), 'BAD_REQUEST', "Invalid 'realm_id_str': must be integer");
  });

  it('stops serving a file deleted after the link was made', async function () {
    const { pathId } = await uploaded(alice, 'gone.txt', 'soon gone');
    const url = await temporaryUrl(alice, pathId);
    const record = await attachmentOf(alice, pathId);
    expectSuccess(await alice.request('DELETE', `/attachments/${record ? numberField(record, 'id') : 0}`));
    expect(await fetchedBy(url)).to.deep.equal({ status: 404, body: { result: 'error', msg: 'File not found', code: 'NOT_FOUND' } });
  });
});
