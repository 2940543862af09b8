import { expect } from 'chai';
import { registerQueue } from '../../support/realtime-client.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('server_emoji_data_url: the unicode emoji this server accepts', function () {
  let server: TestServer;

  before(async function () {
    server = await startTestServer();
  });
  after(() => server.stop());

  it("register's realm section names it; it serves Zulip's table as code_to_names, canonical name first, without credentials", async function () {
    const url = (await registerQueue(server.owner, { fetch_event_types: ['realm'] })).state.server_emoji_data_url as string;
    expect(url).to.equal(`${server.ctx.config.externalUrl.replace(/\/$/, '')}/static/generated/emoji/emoji_api.json`);
    const res = await fetch(`${server.url}${new URL(url).pathname}`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/json');
    const body = (await res.json()) as { code_to_names: Record<string, string[]> };
    expect(Object.keys(body)).to.deep.equal(['code_to_names']);
    expect(Object.keys(body.code_to_names)).to.have.length(1826);
    expect(body.code_to_names['1f44d']).to.deep.equal(['+1', 'thumbs_up', 'like']);
    expect(body.code_to_names['1f6e0']).to.deep.equal(['working_on_it', 'hammer_and_wrench', 'tools']);
  });
});
