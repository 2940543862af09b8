import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createBot, type MadeBot } from '../../support/bot-requests.js';
import { createChannels } from '../../support/channel-requests.js';
import { readLogRows } from '../../support/log-rows.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { signUp } from '../../support/server-with-people.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';

const TIMEOUT_MS = 300;

describe('Outgoing webhooks: a mention or a direct message calls the bot\'s service', function () {
  let server: TestServer, receiver: WebhookReceiver, alice: ApiClient, bot: MadeBot;
  const runJobs = () => server.ctx.scheduler.runDue();
  const newest = async (client: ApiClient, count = 1) => {
    const got = expectSuccess(await client.get('/messages', { anchor: 'newest', num_before: count, num_after: 0, apply_markdown: false }));
    return (got.messages as Record<string, unknown>[]).slice(-count);
  };
  const records = (messageId: number) =>
    readLogRows(server).filter((row) => row.stream === `outgoingwebhook-${messageId}.${bot.userId}`).map((row) => ({ type: row.type, data: JSON.parse(row.data) as Record<string, unknown> }));

  before(async function () {
    receiver = await WebhookReceiver.start();
    server = await startTestServer({ env: { CHAT_OUTGOING_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
    ({ alice } = await signUp(server, 'alice'));
    await createChannels(alice, ['lab']);
    bot = await createBot(alice, 'helper', { bot_type: 3, payload_url: receiver.url, full_name: 'Helper' });
  });
  after(async () => {
    await server.stop();
    await receiver.stop();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answer = { status: 200, body: '{}' };
  });

  it('POSTs the payload for a mention and posts the answer\'s content as the bot in the same topic', async function () {
    receiver.answer = { status: 200, body: JSON.stringify({ content: 'Hello **there**' }) };
    const id = await postToChannel(alice, 'lab', 'greetings', '@**Helper** hi');
    expect(receiver.received).to.deep.equal([]);
    expect(await runJobs()).to.equal(1);
    const [payload] = receiver.payloads();
    expect(payload).to.include({ data: '@**Helper** hi', bot_email: bot.email, bot_full_name: 'Helper', trigger: 'mention' });
    expect(payload?.token).to.be.a('string').with.length.greaterThan(10);
    expect(payload?.message).to.include({ id, content: '@**Helper** hi', type: 'stream', display_recipient: 'lab', subject: 'greetings', sender_id: alice.userId });
    expect((payload?.message as Record<string, unknown>).rendered_content).to.contain('user-mention');
    const [reply] = await newest(alice);
    expect(reply).to.include({ sender_id: bot.userId, display_recipient: 'lab', subject: 'greetings', content: 'Hello **there**' });
    expect(records(id).map((r) => r.type)).to.deep.equal(['OutgoingWebhookSettled']);
    expect(records(id)[0]?.data).to.include({ outcome: 'replied', status: 200, attempts: 1 });
    expect(await runJobs()).to.equal(0);
  });

  it('the payload token is the one realm_bots shows', async function () {
    const reg = expectSuccess(await alice.post('/register', { fetch_event_types: JSON.stringify(['realm_bot']) }));
    const mine = (reg.realm_bots as { user_id: number; services: { token: string; base_url: string; interface: number }[] }[]).find((each) => each.user_id === bot.userId);
    expect(mine?.services[0]).to.include({ base_url: receiver.url, interface: 1 });
    await postToChannel(alice, 'lab', 'token', '@**Helper** token?');
    await runJobs();
    expect(receiver.payloads()[0]?.token).to.equal(mine?.services[0]?.token);
  });

  it('a direct message triggers with direct_message and the reply goes to the conversation', async function () {
    receiver.answer = { status: 200, body: JSON.stringify({ content: 'got it' }) };
    await postDirect(alice, [bot.userId], 'do the thing');
    await runJobs();
    expect(receiver.payloads()[0]).to.include({ trigger: 'direct_message', data: 'do the thing' });
    const [reply] = await newest(alice);
    expect(reply).to.include({ type: 'private', sender_id: bot.userId, content: 'got it' });
  });

  it('no mention, no call; response_not_required posts nothing', async function () {
    await postToChannel(alice, 'lab', 'quiet', 'nothing for Helper here');
    expect(await runJobs()).to.equal(0);
    expect(receiver.received).to.deep.equal([]);
    receiver.answer = { status: 200, body: JSON.stringify({ content: 'x', response_not_required: true }) };
    const id = await postToChannel(alice, 'lab', 'quiet', '@**Helper** shh');
    await runJobs();
    expect((await newest(alice))[0]).to.include({ id });
    expect(records(id)[0]?.data).to.include({ outcome: 'no_reply' });
  });

  it('a slow receiver does not slow the send', async function () {
    receiver.answer = { status: 200, body: '{}', delayMs: 200 };
    const started = Date.now();
    await postToChannel(alice, 'lab', 'slow', '@**Helper** take your time');
    expect(Date.now() - started).to.be.below(200);
    expect(receiver.received).to.deep.equal([]);
    await runJobs();
    expect(receiver.received).to.have.length(1);
  });

  it('no answer: three retries, then "Bot is unavailable" in the topic and a notice to the owner', async function () {
    receiver.answer = { status: 200, body: '{}', hang: true };
    const id = await postToChannel(alice, 'lab', 'down', '@**Helper** are you there');
    for (let run = 0; run < 4; run++) expect(await runJobs()).to.equal(1);
    expect(await runJobs()).to.equal(0);
    expect(receiver.received).to.have.length(4);
    expect(records(id).map((r) => [r.type, r.data.attempt ?? r.data.outcome])).to.deep.equal([
      ['OutgoingWebhookAttemptFailed', 1], ['OutgoingWebhookAttemptFailed', 2], ['OutgoingWebhookAttemptFailed', 3], ['OutgoingWebhookSettled', 'gave_up'],
    ]);
    const [failure, notice] = await newest(alice, 2);
    expect(failure).to.include({ sender_id: bot.userId, subject: 'down', content: 'Failure! Bot is unavailable' });
    expect(notice).to.include({ type: 'private', sender_id: bot.userId });
    expect(notice?.content).to.match(/^\[A message\]\(http.*\/near\/\d+\) to your bot @_\*\*Helper\*\* triggered an outgoing webhook\.\nRequest timed out after 0\.3 seconds\.$/);
  });

  it('an error status is posted as a failure, the owner told the status and payload, with no retry', async function () {
    receiver.answer = { status: 500, body: 'oops' };
    const id = await postToChannel(alice, 'lab', 'broken', '@**Helper** crash');
    expect(await runJobs()).to.equal(1);
    expect(await runJobs()).to.equal(0);
    const [failure, notice] = await newest(alice, 2);
    expect(failure).to.include({ content: 'Failure! Third party responded with 500' });
    expect(notice?.content).to.contain("The webhook got a response with status code *500*.\nThe response contains the following payload:\n```\nb'oops'\n```");
    expect(records(id)[0]?.data).to.include({ outcome: 'failed', status: 500 });
  });

  it('a reply the server refuses (the channel archived meanwhile) is not retried; the owner hears why', async function () {
    receiver.answer = { status: 200, body: JSON.stringify({ content: 'too late' }) };
    const [channelId] = await createChannels(alice, ['closing']);
    const id = await postToChannel(alice, 'closing', 'last', '@**Helper** one more');
    expectSuccess(await alice.delete(`/streams/${channelId}`));
    expect(await runJobs()).to.equal(1);
    expect(await runJobs()).to.equal(0);
    expect(records(id)[0]?.data).to.include({ outcome: 'failed', status: 200 });
    const [notice] = await newest(alice);
    expect(notice).to.include({ type: 'private', sender_id: bot.userId });
    expect(notice?.content).to.match(/triggered an outgoing webhook\.\nThe outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> .+\nThe response contains the following payload:\n```\n'\{"content":"too late"\}'\n```$/);
  });

  it('a bot deactivated before its call is not called; the call is recorded as dropped', async function () {
    const other = await createBot(alice, 'leaving', { bot_type: 3, payload_url: receiver.url, full_name: 'Leaving' });
    const id = await postToChannel(alice, 'lab', 'bye', '@**Leaving** hello');
    expectSuccess(await alice.delete(`/bots/${other.userId}`));
    expect(await runJobs()).to.equal(1);
    expect(receiver.received).to.deep.equal([]);
    const settled = readLogRows(server).filter((row) => row.stream === `outgoingwebhook-${id}.${other.userId}`).map((row) => JSON.parse(row.data) as Record<string, unknown>);
    expect(settled).to.deep.equal([{ message_id: id, bot_id: other.userId, attempts: 0, outcome: 'dropped', status: null, message_ids: [] }]);
  });

  it('after a restart, a settled call is never made again and a pending one is made once', async function () {
    receiver.answer = { status: 200, body: JSON.stringify({ content: 'done' }) };
    const settled = await postToChannel(alice, 'lab', 'restart', '@**Helper** settled');
    await runJobs();
    receiver.answer = { status: 200, body: '{}', hang: true };
    const pending = await postToChannel(alice, 'lab', 'restart', '@**Helper** pending');
    await runJobs();
    receiver.answer = { status: 200, body: JSON.stringify({ content: 'done' }) };
    const before = receiver.received.length;
    server = await server.restart();
    expect(await runJobs()).to.equal(1);
    expect(receiver.received.length - before).to.equal(1);
    expect(JSON.parse(receiver.received.at(-1)?.body ?? '{}').data).to.equal('@**Helper** pending');
    expect(await runJobs()).to.equal(0);
    expect(records(settled).filter((r) => r.type === 'OutgoingWebhookSettled')).to.have.length(1);
    expect(records(pending).map((r) => r.type)).to.deep.equal(['OutgoingWebhookAttemptFailed', 'OutgoingWebhookSettled']);
  });
});

describe('Outgoing webhooks: private addresses', function () {
  let server: TestServer, alice: ApiClient;
  before(async function () {
    server = await startTestServer({ env: { CHAT_WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' } });
    ({ alice } = await signUp(server, 'alice'));
  });
  after(() => server.stop());

  it('refuses loopback, private and link-local payload URLs at creation and on a change', async function () {
    for (const url of ['http://127.0.0.1:9/x', 'http://10.1.2.3/x', 'http://169.254.169.254/latest', 'http://[::1]/x', 'http://localhost:8080/x']) {
      expectExactFailure(await alice.post('/bots', { full_name: 'Hook', short_name: 'hook', bot_type: 3, payload_url: url }), 'BAD_REQUEST', 'payload_url is on a private, loopback or link-local network');
    }
    const made = await createBot(alice, 'public', { bot_type: 3, payload_url: 'http://93.184.215.14/hook' });
    expectExactFailure(await alice.patch(`/bots/${made.userId}`, { service_payload_url: 'http://192.168.1.1/x' }), 'BAD_REQUEST', 'service_payload_url is on a private, loopback or link-local network');
  });
});
