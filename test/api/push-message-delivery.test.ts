import { expect } from 'chai';
import { MESSAGE_PUSH_ATTEMPTS } from '@chat/core';
import type { ApiClient } from '../support/api-client.js';
import { LoopbackBouncer } from '../support/loopback-bouncer.js';
import { postDirect } from '../support/message-requests.js';
import { hasPushJob, pushedMessageIds, pushesSent, pushRecords, registerFcmToken, resetBouncer, runJobs, stopServerAndBouncer } from '../support/message-push-support.js';
import { signUp, startServerWith } from '../support/server-with-people.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const DELAY_MS = 5000;

describe('message pushes: timing, restarts and a failing bouncer', function () {
  let server: TestServer, bouncer: LoopbackBouncer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    bouncer = await LoopbackBouncer.start();
    server = await startTestServer({ env: { CHAT_PUSH_BOUNCER_URL: bouncer.url, CHAT_PUSH_BOUNCER_TIMEOUT_MS: '300', CHAT_PUSH_DELAY_MS: String(DELAY_MS) } });
    ({ alice, bob } = await signUp(server, 'alice', 'bob'));
    await registerFcmToken(bob);
  });
  after(() => stopServerAndBouncer(server, bouncer));
  beforeEach(() => resetBouncer(bouncer));

  it('waits CHAT_PUSH_DELAY_MS after the send before pushing', async function () {
    const id = await postDirect(alice, [bob.userId], 'in a moment');
    server.clock.advance(DELAY_MS - 1);
    expect(await runJobs(server)).to.equal(0);
    expect(bouncer.received).to.deep.equal([]);
    server.clock.advance(1);
    expect(await runJobs(server)).to.equal(1);
    expect(pushedMessageIds(bouncer, bob.userId)).to.deep.equal([id]);
  });

  it('a bouncer failure is recorded and retried at the next tick; a later success records the push', async function () {
    bouncer.answer = { kind: 'server-error' };
    const id = await postDirect(alice, [bob.userId], 'try again');
    server.clock.advance(DELAY_MS);
    expect(await runJobs(server)).to.equal(1);
    bouncer.answer = { kind: 'success' };
    expect(await runJobs(server)).to.equal(1);
    expect(pushRecords(server, id)).to.deep.equal([
      {
        type: 'MessagePushFailed',
        data: { message_id: id, attempt: 1, user_ids: [], failed_user_ids: [bob.userId], error_code: 'INTERNAL_SERVER_ERROR_ON_BOUNCER', gave_up: false },
      },
      pushesSent(id, [bob.userId]),
    ]);
    expect(await hasPushJob(server, id)).to.equal(false);
  });

  it('a bouncer that stays down is tried a bounded number of times, then the push is recorded as given up', async function () {
    await bouncer.refuseConnections();
    try {
      const id = await postDirect(alice, [bob.userId], 'nobody home');
      server.clock.advance(DELAY_MS);
      for (let tick = 0; tick < MESSAGE_PUSH_ATTEMPTS; tick++) expect(await runJobs(server)).to.equal(1);
      expect(await runJobs(server)).to.equal(0);
      const records = pushRecords(server, id);
      expect(records.map((record) => record.data.attempt)).to.deep.equal(Array.from({ length: MESSAGE_PUSH_ATTEMPTS }, (_, index) => index + 1));
      expect(records.map((record) => record.data.gave_up)).to.deep.equal([...Array<boolean>(MESSAGE_PUSH_ATTEMPTS - 1).fill(false), true]);
      expect(records.every((record) => record.type === 'MessagePushFailed' && record.data.error_code === 'FAILED_TO_CONNECT_BOUNCER')).to.equal(true);
      expect(await hasPushJob(server, id)).to.equal(false);
    } finally {
      await bouncer.acceptConnections();
    }
  });
});

describe('message pushes without a push service', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
    await registerFcmToken(bob);
  });
  after(() => server.stop());

  it('a receiver with a token makes a job that ends at once with nothing pushed; one without devices makes no job', async function () {
    const toBob = await postDirect(alice, [bob.userId], 'no bouncer');
    expect(await hasPushJob(server, toBob)).to.equal(true);
    expect(await runJobs(server)).to.equal(1);
    expect(pushRecords(server, toBob)).to.deep.equal([pushesSent(toBob)]);
    expect(await hasPushJob(server, toBob)).to.equal(false);

    const toAlice = await postDirect(bob, [alice.userId], 'alice has no devices');
    expect(await hasPushJob(server, toAlice)).to.equal(false);
    expect(await runJobs(server)).to.equal(0);
  });
});

describe('message pushes across a restart', function () {
  let server: TestServer, bouncer: LoopbackBouncer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    bouncer = await LoopbackBouncer.start();
    server = await startTestServer({ env: { CHAT_PUSH_BOUNCER_URL: bouncer.url, CHAT_PUSH_DELAY_MS: String(DELAY_MS) } });
    ({ alice, bob } = await signUp(server, 'alice', 'bob'));
    await registerFcmToken(bob);
  });
  after(() => stopServerAndBouncer(server, bouncer));

  it('a restart between the send and the job still pushes exactly once', async function () {
    const id = await postDirect(alice, [bob.userId], 'survives a restart');
    server = await server.restart();
    expect(await hasPushJob(server, id)).to.equal(true);
    server.clock.advance(DELAY_MS);
    expect(await runJobs(server)).to.equal(1);
    server = await server.restart();
    server.clock.advance(DELAY_MS);
    expect(await runJobs(server)).to.equal(0);
    expect(pushedMessageIds(bouncer, bob.userId)).to.deep.equal([id]);
    expect(pushRecords(server, id)).to.deep.equal([pushesSent(id, [bob.userId])]);
  });
});
