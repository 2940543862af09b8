import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/**
 * Adding a subgroup is checked against the whole group graph. Two additions decided at once that
 * would close a cycle between them (A in B, B in A) cannot both land: the second is decided again.
 */
describe('group membership cycles: decided at once, refused once', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  const createGroup = async (name: string): Promise<number> => {
    const res = await server.owner.post('/user_groups/create', { name, description: name, members: [server.owner.userId] });
    expect(res.status).to.equal(200);
    return res.body.group_id as number;
  };

  it('lets exactly one of two opposite subgroup additions succeed, round after round', async () => {
    for (let round = 0; round < 8; round += 1) {
      const a = await createGroup(`cycle a${round}`);
      const b = await createGroup(`cycle b${round}`);
      const answers = await Promise.all([
        server.owner.post(`/user_groups/${a}/subgroups`, { add: [b] }),
        server.owner.post(`/user_groups/${b}/subgroups`, { add: [a] }),
      ]);
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).to.deep.equal([200, 400]);
      const [inA, inB] = [await server.ctx.models.userGroups.get(a), await server.ctx.models.userGroups.get(b)];
      expect(inA!.direct_subgroup_ids.includes(b) && inB!.direct_subgroup_ids.includes(a), `round ${round}`).to.equal(false);
    }
  });
});
