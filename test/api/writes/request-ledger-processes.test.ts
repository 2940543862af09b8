import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { AS_READ, type CommandBus } from '../../../services/api/src/commands/command-bus.js';
import { claimOf, RequestLedger } from '../../../services/api/src/commands/request-ledger.js';
import { LaggingProcess } from '../../support/lagging-process.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const FINGERPRINT = 'a'.repeat(64);

function callOf(userId: number, requestId: string): RouteCall {
  const req = new IncomingMessage(new Socket());
  return {
    params: {},
    path: {},
    caller: { user_id: userId, email: 'someone@test.example' },
    requestId,
    retry: { requestId, fingerprint: FINGERPRINT },
    client: 'ledger-test',
    ignored: [],
    raw: { req, res: new ServerResponse(req) },
    files: [],
  };
}

/**
 * The same retry reaching two API processes, the second one's read models behind: its claim of the
 * request id conflicts with the first one's RequestAccepted, so it applies nothing and answers what
 * the first one answered.
 */
describe('request ledger across processes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('applies a request once and answers the same from a process whose read models lag behind', async () => {
    const other = await LaggingProcess.start(server);
    other.lag();
    const stream = 'ledgertest-1';
    let applied = 0;
    const view = (bus: CommandBus, call: RouteCall) => async () => {
      applied += 1;
      const origin = { actorId: 1, requestId: call.requestId, client: call.client, request: claimOf(call) };
      await bus.run(origin, async () => ({ appends: [{ stream, expected: AS_READ, events: [{ type: 'KeyClaimed', data: { kind: 'email', owner_id: applied } }] }], result: undefined }));
      return { answered_by: applied };
    };
    const here = new RequestLedger({ requests: server.ctx.models.requests, bus: server.ctx.bus, clock: server.clock, readPosition: () => server.ctx.runner.position });
    const there = new RequestLedger({ requests: other.models.requests, bus: other.bus, clock: server.clock, readPosition: () => other.runner.position });

    const first = callOf(1, 'twice');
    const answer = await here.answer(first, view(server.ctx.bus, first));
    setTimeout(() => other.catchUp(), 100);
    const second = callOf(1, 'twice');
    const again = await there.answer(second, view(other.bus, second));
    await other.stop();

    expect(answer).to.deep.equal({ answered_by: 1 });
    expect(again).to.deep.equal(answer);
    const events: StoredEvent[] = [];
    for await (const event of server.ctx.store.readStream(stream)) events.push(event);
    expect(events).to.have.length(1);
  });
});
