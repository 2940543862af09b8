import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { acceptLink, createLink, listInvites, newcomer } from '../support/invite-requests.js';
import { drain, ofType, type Queue, registerQueue } from '../support/realtime-client.js';
import { expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('invitation links: invites_changed', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient, other: ApiClient;
  let queues: { owner: Queue; admin: Queue; member: Queue; other: Queue };

  before(async function () {
    ({ server, admin, member, other } = await startServerWith('admin', 'member', 'other'));
  });
  beforeEach(async function () {
    queues = {
      owner: await registerQueue(server.owner),
      admin: await registerQueue(admin, { event_types: ['invites_changed'] }),
      member: await registerQueue(member),
      other: await registerQueue(other),
    };
  });
  after(() => server.stop());

  /** How many invites_changed each queue received since the last look. */
  const received = async (): Promise<Record<string, number>> => {
    const counts: Record<string, number> = {};
    for (const [who, queue] of Object.entries(queues)) counts[who] = ofType(await drain(queue), 'invites_changed').length;
    return counts;
  };

  it('tells administrators and the creator when a link is created, and nobody else', async function () {
    await createLink(server, member);
    expect(await received()).to.deep.equal({ owner: 1, admin: 1, member: 1, other: 0 });
  });

  it("tells them when the link is revoked, also by an administrator", async function () {
    await createLink(server, member);
    await received();
    const id = (await listInvites(member)).at(-1)!.id;
    expectSuccess(await admin.delete(`/invites/multiuse/${id}`));
    expect(await received()).to.deep.equal({ owner: 1, admin: 1, member: 1, other: 0 });
  });

  it('sends nothing when a link is used: the list of links does not change', async function () {
    const { key } = await createLink(server, member);
    await received();
    expectSuccess(await acceptLink(server, key, newcomer()));
    expect(await received()).to.deep.equal({ owner: 0, admin: 0, member: 0, other: 0 });
  });
});
