import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { HANDLED } from '@chat/http';
import { htmlPage } from '../../../services/api/src/ops/html-pages.js';
import { createLink } from '../../support/invite-requests.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** The headers every HTML page must carry, whatever it says. */
function expectHtmlPageHeaders(page: Response, origin: string): void {
  expect(page.headers.get('content-type')).to.contain('text/html');
  expect(page.headers.get('x-content-type-options')).to.equal('nosniff');
  expect(page.headers.get('x-frame-options')).to.equal('DENY');
  expect(page.headers.get('referrer-policy')).to.equal('no-referrer');
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp.split(';').map((directive) => directive.trim())).to.have.members([
    "default-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${origin}`,
    "frame-ancestors 'none'",
  ]);
  // Plain http: HSTS would lock browsers out of the server.
  expect(page.headers.get('strict-transport-security')).to.equal(null);
}

describe('ops: security headers on HTML pages', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('the join page, working or not, carries them', async () => {
    const link = await createLink(server, server.owner);
    const origin = new URL(server.url).origin;
    const ok = await fetch(link.url);
    expect(ok.status).to.equal(200);
    expectHtmlPageHeaders(ok, origin);
    const unknown = await fetch(`${server.url}/join/not-a-real-key-at-all-0000/`);
    expect(unknown.status).to.equal(404);
    expectHtmlPageHeaders(unknown, origin);
  });

  it('the address confirmation page carries them', async () => {
    const before = server.mailer.sent.length;
    const eve = await server.createUser('Eve');
    expect((await eve.patch('/settings', { email: 'eve-moved@test.example' })).status).to.equal(200);
    const link = /\/accounts\/confirm_new_email\/[A-Za-z0-9_-]+/.exec(server.mailer.sent[before].body);
    expect(link).to.not.equal(null);
    const page = await fetch(`${server.url}${link![0]}`);
    expect(page.status).to.equal(200);
    expectHtmlPageHeaders(page, new URL(server.url).origin);
    expect(await page.text()).to.contain('Your address is now eve-moved@test.example');
  });

  it("leaves the API's JSON answers as they were", async () => {
    for (const res of [await server.anonymous.get('/server_settings'), await server.owner.get('/users/me')]) {
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/json');
      for (const header of ['content-security-policy', 'x-frame-options', 'cross-origin-resource-policy', 'strict-transport-security']) {
        expect(res.headers.get(header), header).to.equal(null);
      }
    }
  });

  it('adds HSTS only where the external address is https', async () => {
    const view = htmlPage(async (_ctx: unknown, call: { raw: { req: IncomingMessage; res: ServerResponse } }) => {
      call.raw.res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      call.raw.res.end('<p>hi</p>');
      return HANDLED;
    });
    const listening = createServer((req, res) => {
      void view({ config: { externalUrl: 'https://chat.example.com' } }, { raw: { req, res } });
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    try {
      const page = await fetch(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/page`);
      expect(page.headers.get('strict-transport-security')).to.equal('max-age=31536000; includeSubDomains');
      expect(page.headers.get('content-security-policy')).to.contain("form-action 'self' https://chat.example.com");
    } finally {
      listening.close();
    }
  });
});
