import { expect } from 'chai';
import { createLink, newcomer } from '../../support/invite-requests.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('ops: the page an invitation link opens (GET /join/<key>/)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('explains how to accept a working link, with a form that creates the account', async () => {
    const link = await createLink(server, server.owner);
    const page = await fetch(link.url);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.contain('text/html');
    const html = await page.text();
    expect(html).to.contain('You are invited to join Test Org');
    expect(html).to.contain(`<form method="post" action="${server.url}/api/v1/invites/multiuse/accept">`);
    expect(html).to.contain(`<input type="hidden" name="key" value="${link.key}">`);
    expect(html).to.contain(`curl -s -d key=${link.key}`);

    // The form's fields, posted as a browser would, create the account.
    const person = newcomer('Formfiller');
    const accepted = await fetch(`${server.url}/api/v1/invites/multiuse/accept`, {
      method: 'POST',
      body: new URLSearchParams({ key: link.key, email: person.email, full_name: person.full_name, password: person.password }),
    });
    expect(accepted.status).to.equal(200);
    expect(await accepted.json()).to.include({ result: 'success', email: person.email });
  });

  it('says a revoked or unknown link does not work, with a 404 page', async () => {
    const link = await createLink(server, server.owner);
    const invites = (await server.owner.get('/invites')).body.invites as { id: number }[];
    for (const invite of invites) await server.owner.delete(`/invites/multiuse/${invite.id}`);
    for (const url of [link.url, `${server.url}/join/not-a-real-key-at-all-0000/`]) {
      const page = await fetch(url);
      expect(page.status).to.equal(404);
      expect(await page.text()).to.contain('This invitation link to Test Org is unknown, revoked or expired.');
    }
  });
});
