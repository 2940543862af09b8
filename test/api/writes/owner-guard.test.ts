import { expect } from 'chai';
import { ApiError, Role } from '@chat/core';
import { updateUser } from '../../../services/api/src/actions/update-user.js';
import type { ApiClient } from '../../support/api-client.js';
import { LaggingProcess } from '../../support/lagging-process.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const origin = (actorId: number, requestId: string) => ({ actorId, requestId, client: 'owner-guard-test' });

async function activeOwners(server: TestServer): Promise<number[]> {
  return (await server.ctx.models.users.findMany('role', Role.Owner)).filter((user) => user.is_active).map((user) => user.user_id);
}

describe('an owner always remains: decisions on the owners are guarded by what they read', () => {
  let server: TestServer;
  let second: ApiClient;

  beforeEach(async () => {
    server = await startTestServer();
    second = await server.createUser('Second Owner', Role.Owner);
  });
  afterEach(() => server.stop());

  it('two processes, one with lagging read models, demote each other at once: one wins, the other is decided again and refused', async () => {
    const other = await LaggingProcess.start(server);
    other.lag();
    const owner = (await server.ctx.models.users.get(server.owner.userId))!;
    const secondUser = (await other.models.users.get(second.userId))!;
    setTimeout(() => other.catchUp(), 100);
    const outcomes = await Promise.allSettled([
      updateUser(server.ctx, origin(owner.user_id, 'demote-second'), owner, second.userId, { role: Role.Administrator }),
      updateUser(other, origin(secondUser.user_id, 'demote-owner'), secondUser, owner.user_id, { role: Role.Administrator }),
    ]);
    await other.stop();

    expect(outcomes.map((outcome) => outcome.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).to.be.instanceOf(ApiError);
    expect(await activeOwners(server)).to.have.length(1);
  });

  it('many rounds of mutual demotion over the API, all at once: an owner always remains', async () => {
    for (let round = 0; round < 8; round += 1) {
      const [a, b] = [server.owner, second];
      const answers = await Promise.all([
        a.patch(`/users/${b.userId}`, { role: Role.Administrator }),
        b.patch(`/users/${a.userId}`, { role: Role.Administrator }),
      ]);
      const owners = await activeOwners(server);
      expect(owners, `round ${round}`).to.have.length(1);
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).to.deep.equal([200, 400]);
      const promoted = owners[0] === a.userId ? b : a;
      const winner = owners[0] === a.userId ? a : b;
      expect((await winner.patch(`/users/${promoted.userId}`, { role: Role.Owner })).status).to.equal(200);
    }
  });

  it('an owner deactivating the other while being demoted by them, round after round: an owner always remains', async () => {
    for (let round = 0; round < 6; round += 1) {
      const [a, b] = [server.owner, second];
      const answers = await Promise.all([a.delete(`/users/${b.userId}`), b.patch(`/users/${a.userId}`, { role: Role.Administrator })]);
      const owners = await activeOwners(server);
      expect(owners, `round ${round}`).to.have.length(1);
      // The loser is refused (400), or, deactivated first, no longer authenticated (401).
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0], `round ${round}`).to.equal(200);
      expect([400, 401], `round ${round}`).to.include(statuses[1]);
      if (owners[0] === a.userId) expect((await a.post(`/users/${b.userId}/reactivate`)).status).to.equal(200);
      else expect((await b.patch(`/users/${a.userId}`, { role: Role.Owner })).status).to.equal(200);
    }
  });
});
