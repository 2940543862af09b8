import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';
import { download, uploaded } from '../../support/upload-requests.js';

const REFUSED = { result: 'error', msg: 'You are not authorized to view this file', code: 'BAD_REQUEST' };

describe('uploads: GET /user_uploads/<path_id>', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient, carol: ApiClient, outsider: ApiClient, guest: ApiClient;

  before(async function () {
    ({ server, alice, bob, carol, outsider, guest } = await startServerWith('alice', 'bob', 'carol', 'outsider', 'guest'));
  });
  after(() => server.stop());

  const text = async (client: ApiClient | null, url: string) => {
    const got = await download(server, client, url);
    return { status: got.status, body: got.status === 200 ? got.text : JSON.parse(got.text) };
  };

  it('serves the uploader their own file before any message links it, with safe headers', async function () {
    const { url } = await uploaded(alice, 'plan.txt', 'the plan');
    const got = await download(server, alice, url);
    expect(got.status).to.equal(200);
    expect(got.text).to.equal('the plan');
    expect(got.headers.get('content-type')).to.equal('text/plain');
    expect(got.headers.get('content-disposition')).to.equal(`inline; filename="plan.txt"; filename*=UTF-8''plan.txt`);
    expect(got.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(await text(bob, url)).to.deep.equal({ status: 403, body: REFUSED });
  });

  it('offers types a browser could run as a download, under the name given', async function () {
    const { url } = await uploaded(alice, 'page 1.html', '<script>alert(1)</script>', 'text/html');
    const got = await download(server, alice, url);
    expect(got.headers.get('content-disposition')).to.equal(`attachment; filename="page_1.html"; filename*=UTF-8''page%201.html`);
    expect(got.headers.get('content-security-policy')).to.equal("default-src 'none'; sandbox");
  });

  it('serves a file linked in a public channel to its readers, guests who cannot read the channel excepted', async function () {
    await createChannels(alice, ['plans']);
    const { url } = await uploaded(alice, 'roadmap.txt', 'q3 roadmap');
    await postToChannel(alice, 'plans', 'roadmap', `See [roadmap.txt](${url})`);
    // Bob never received the message, but reads the public channel's history.
    expect(await text(bob, url)).to.deep.equal({ status: 200, body: 'q3 roadmap' });
    expect(await text(guest, url)).to.deep.equal({ status: 403, body: REFUSED });
  });

  it('serves a file linked in a private channel only to those who may read the message', async function () {
    await createChannels(alice, ['secret-room'], { invite_only: true, principals: JSON.stringify([alice.userId, carol.userId]) });
    const { url } = await uploaded(alice, 'budget.txt', 'the budget');
    await postToChannel(alice, 'secret-room', 'money', `[budget](${url})`);
    expect(await text(carol, url)).to.deep.equal({ status: 200, body: 'the budget' });
    expect(await text(outsider, url)).to.deep.equal({ status: 403, body: REFUSED });
    // Joining later does not reveal history the channel keeps from new subscribers.
    expectSuccess(await subscribe(alice, ['secret-room'], { principals: JSON.stringify([outsider.userId]) }));
    expect(await text(outsider, url)).to.deep.equal({ status: 403, body: REFUSED });
  });

  it('serves a file linked in a direct message to its participants only, by an absolute link too', async function () {
    const { url } = await uploaded(alice, 'letter.txt', 'dear bob');
    await postDirect(alice, [bob.userId], `here: ${server.url}${url}`);
    expect(await text(bob, url)).to.deep.equal({ status: 200, body: 'dear bob' });
    expect(await text(carol, url)).to.deep.equal({ status: 403, body: REFUSED });
  });

  it('does not let someone else claim a file by linking it', async function () {
    const { url } = await uploaded(alice, 'mine.txt', 'mine');
    await postDirect(bob, [carol.userId], `[stolen](${url})`);
    expect(await text(carol, url)).to.deep.equal({ status: 403, body: REFUSED });
  });

  it('answers 401 without or with wrong credentials, and 404 for a path that names no file', async function () {
    const { url, pathId } = await uploaded(alice, 'x.txt', 'x');
    expect(await text(null, url)).to.deep.equal({ status: 401, body: { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' } });
    expect((await text(alice.withCredentials(alice.email, 'not-the-key'), url)).status).to.equal(401);
    const missing = `/user_uploads/${pathId.replace(/[^/]+$/, 'other.txt')}`;
    expect(await text(alice, missing)).to.deep.equal({ status: 404, body: { result: 'error', msg: 'File not found', code: 'NOT_FOUND' } });
    expect((await text(alice, '/user_uploads/../events.sqlite3')).status).to.equal(404);
  });
});
