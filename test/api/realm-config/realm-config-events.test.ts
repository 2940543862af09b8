import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { applyEvents } from '../../support/apply-events.js';
import type { ReceivedEvent } from '../../support/event-schemas.js';
import { drainAll as everything, registerQueue } from '../../support/realtime-client.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const SECTIONS = ['realm_emoji', 'realm_linkifiers', 'realm_filters', 'realm_playgrounds'];
const MODERN = { client_capabilities: { linkifier_url_template: true } };

const without = ({ id: _id, ...rest }: ReceivedEvent) => rest;
const sections = (state: Record<string, unknown>) => Object.fromEntries(SECTIONS.map((key) => [key, state[key]]));

describe('linkifiers and playgrounds: events and register sections', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient;

  before(async function () {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
  });
  after(() => server.stop());

  it('sends the whole new set after each change: linkifiers only to queues with linkifier_url_template', async function () {
    const modern = await registerQueue(member, MODERN);
    const legacy = await registerQueue(member);
    const issue = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://example.com/i/{id}' };
    const id = expectSuccess(await admin.post('/realm/filters', issue)).id as number;
    const playground = { name: 'Go', pygments_language: 'Go', url_template: 'https://go.example.com/{?code}' };
    const playgroundId = expectSuccess(await admin.post('/realm/playgrounds', playground)).id as number;
    expect((await everything(modern)).map(without)).to.deep.equal([
      { type: 'realm_linkifiers', realm_linkifiers: [{ ...issue, id }] },
      { type: 'realm_playgrounds', realm_playgrounds: [{ id: playgroundId, ...playground }] },
    ]);
    expect((await everything(legacy)).map(without)).to.deep.equal([{ type: 'realm_playgrounds', realm_playgrounds: [{ id: playgroundId, ...playground }] }]);
    expectSuccess(await admin.delete(`/realm/filters/${id}`));
    expectSuccess(await admin.delete(`/realm/playgrounds/${playgroundId}`));
    expect((await everything(modern)).map(without)).to.deep.equal([
      { type: 'realm_linkifiers', realm_linkifiers: [] },
      { type: 'realm_playgrounds', realm_playgrounds: [] },
    ]);
  });

  it('sends nothing for a refused change or one that changes nothing', async function () {
    const id = expectSuccess(await admin.post('/realm/filters', { pattern: 'T(?P<t>[0-9]+)', url_template: 'https://t.example.com/{t}' })).id as number;
    const queue = await registerQueue(member, MODERN);
    await member.post('/realm/filters', { pattern: 'X(?P<t>[0-9]+)', url_template: 'https://t.example.com/{t}' });
    await admin.post('/realm/playgrounds', { name: 'bad', pygments_language: 'C', url_template: 'https://c/{x}' });
    expectSuccess(await admin.patch(`/realm/filters/${id}`, { pattern: 'T(?P<t>[0-9]+)', url_template: 'https://t.example.com/{t}' }));
    expectSuccess(await admin.patch('/realm/linkifiers', { ordered_linkifier_ids: [id] }));
    expect(await everything(queue)).to.deep.equal([]);
    expectSuccess(await admin.delete(`/realm/filters/${id}`));
  });

  it('register: realm_linkifiers empty without the capability, realm_filters always empty, only the sections asked for', async function () {
    const id = expectSuccess(await admin.post('/realm/filters', { pattern: 'R(?P<r>[0-9]+)', url_template: 'https://r.example.com/{r}' })).id as number;
    expect(sections((await registerQueue(member, MODERN)).state)).to.deep.equal({
      realm_emoji: {},
      realm_linkifiers: [{ pattern: 'R(?P<r>[0-9]+)', url_template: 'https://r.example.com/{r}', id }],
      realm_filters: [],
      realm_playgrounds: [],
    });
    expect(sections((await registerQueue(member)).state)).to.deep.include({ realm_linkifiers: [], realm_filters: [] });
    const only = (await registerQueue(member, { ...MODERN, fetch_event_types: ['realm_playgrounds'] })).state;
    expect(only).to.have.property('realm_playgrounds');
    expect(only).to.not.have.any.keys('realm_emoji', 'realm_linkifiers', 'realm_filters');
    expectSuccess(await admin.delete(`/realm/filters/${id}`));
  });

  for (const [label, params] of [['modern client', MODERN], ['legacy client', {}]] as const) {
    it(`old snapshot + events == fresh snapshot (${label})`, async function () {
      const queue = await registerQueue(member, params);
      const old = structuredClone(queue.state);
      const first = expectSuccess(await admin.post('/realm/filters', { pattern: 'A(?P<a>[0-9]+)', url_template: 'https://a.example.com/{a}' })).id as number;
      const second = expectSuccess(await admin.post('/realm/filters', { pattern: 'B(?P<b>[0-9]+)', url_template: 'https://b.example.com/{b}' })).id as number;
      const third = expectSuccess(await admin.post('/realm/filters', { pattern: 'C(?P<c>[0-9]+)', url_template: 'https://c.example.com/{c}' })).id as number;
      expectSuccess(await admin.patch(`/realm/filters/${first}`, { pattern: 'A(?P<a>[0-9]+)!', url_template: 'https://a.example.com/{a}/x' }));
      expectSuccess(await admin.patch('/realm/linkifiers', { ordered_linkifier_ids: [third, first, second] }));
      expectSuccess(await admin.delete(`/realm/filters/${second}`));
      const kept = expectSuccess(await admin.post('/realm/playgrounds', { name: `Py ${label}`, pygments_language: 'Python', url_template: 'https://py/{?code}' })).id as number;
      const gone = expectSuccess(await admin.post('/realm/playgrounds', { name: `Js ${label}`, pygments_language: 'JavaScript', url_template: 'https://js/{code}' })).id as number;
      expectSuccess(await admin.delete(`/realm/playgrounds/${gone}`));
      const updated = applyEvents(old, await everything(queue), { clientGravatar: true });
      const fresh = (await registerQueue(member, params)).state;
      expect(sections(updated)).to.deep.equal(sections(fresh));
      expect((fresh.realm_playgrounds as { id: number }[]).map((playground) => playground.id)).to.deep.equal([kept]);
      if (label === 'modern client') expect((fresh.realm_linkifiers as { id: number }[]).map((linkifier) => linkifier.id)).to.deep.equal([third, first]);
      for (const id of [first, third]) expectSuccess(await admin.delete(`/realm/filters/${id}`));
      expectSuccess(await admin.delete(`/realm/playgrounds/${kept}`));
    });
  }
});
