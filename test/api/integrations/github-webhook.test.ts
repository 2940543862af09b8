import { expect } from 'chai';
import { itMatchesPublicServer, startWebhookBench, webhookFixture, type WebhookBench } from '../../support/webhook-cases.js';

describe('Incoming webhooks: POST /external/github', () => {
  let bench: WebhookBench;
  before(async () => {
    bench = await startWebhookBench('github');
  });
  after(() => bench.server.stop());

  describe("the public server's fixtures", () => itMatchesPublicServer('github', () => bench));

  it('posts only events only_events matches, and none exclude_events matches (shell-style patterns)', async () => {
    const before = await bench.lastMessage();
    const ping = webhookFixture('github', 'ping.json');
    const post = (params: Record<string, string>) => bench.post(ping, params, { 'X-GitHub-Event': 'ping' });
    expect((await post({ only_events: '["push*","issue?"]' })).status).to.equal(200);
    expect((await post({ exclude_events: '["p[aeiou]ng"]' })).status).to.equal(200);
    expect((await bench.lastMessage()).id).to.equal(before.id);
    expect((await post({ only_events: '["pi*"]', exclude_events: '["push"]' })).status).to.equal(200);
    expect(await bench.lastMessage()).to.include({ content: 'GitHub webhook has been successfully configured by TomaszKolek.' });
  });

  it('posts nothing for events GitHub sends that are deliberately ignored', async () => {
    const before = await bench.lastMessage();
    const queue = JSON.stringify({ ref: 'refs/heads/gh-readonly-queue/main/pr-1', sender: { login: 'x' } });
    for (const [event, body] of [['check_suite', '{}'], ['milestone', '{}'], ['push', queue], ['pull_request', '{"action":"labeled"}'], ['team', '{"action":"created"}']] as const) {
      expect(await bench.post(body, {}, { 'X-GitHub-Event': event })).to.deep.equal({ status: 200, body: { result: 'success', msg: '' } });
    }
    expect((await bench.lastMessage()).id).to.equal(before.id);
  });

  it("answers an unsupported event as the public server does (200, the event named)", async () => {
    expect(await bench.post('{"action":"archived"}', {}, { 'X-GitHub-Event': 'project' })).to.deep.equal({
      status: 200,
      body: { result: 'error', code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE', msg: "The 'project:archived' event isn't currently supported by the GitHub webhook; ignoring", webhook_name: 'GitHub', event_type: 'project:archived' },
    });
    expect((await bench.post('{"action":"renamed"}', {}, { 'X-GitHub-Event': 'team' })).body).to.include({ event_type: 'unsupported team action renamed' });
  });

  it('refuses a request without the event header, and payloads missing what the event needs, with a 400', async () => {
    expect(await bench.post(webhookFixture('github', 'ping.json'))).to.deep.equal({
      status: 400,
      body: { result: 'error', code: 'MISSING_HTTP_EVENT_HEADER', msg: "Missing the HTTP event header 'X-GitHub-Event'", header: 'X-GitHub-Event' },
    });
    expect(await bench.post('{"action":"opened","sender":{"login":"a"}}', {}, { 'X-GitHub-Event': 'issues' })).to.deep.equal({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: 'payload["repository"] is missing' } });
    expect((await bench.post('{"ref":7}', {}, { 'X-GitHub-Event': 'push' })).body).to.include({ msg: 'payload["ref"] is not a string' });
    expect((await bench.post('[1]', {}, { 'X-GitHub-Event': 'push' })).body).to.include({ msg: 'payload is not a dict' });
  });
});
