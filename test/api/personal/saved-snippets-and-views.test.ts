import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { objectsField } from '../../support/json-fields.js';
import { drain, registerQueue } from '../../support/realtime-client.js';
import { expectBadRequest, expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('saved snippets and navigation views', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
  });
  after(() => server.stop());

  const snippets = async (client: ApiClient) => objectsField(expectSuccess(await client.get('/saved_snippets')), 'saved_snippets');
  const views = async (client: ApiClient) => objectsField(expectSuccess(await client.get('/navigation_views')), 'navigation_views');
  const now = (): number => Math.floor(server.clock.now() / 1000);

  it('snippets: created, listed, edited and deleted by their user, with events to their clients only', async function () {
    const queue = await registerQueue(alice, { event_types: ['saved_snippets'] });
    const other = await registerQueue(bob, { event_types: ['saved_snippets'] });
    const id = expectSuccess(await alice.post('/saved_snippets', { title: ' Welcome ', content: 'Hello **there**' })).saved_snippet_id as number;
    const record = { id, title: 'Welcome', content: 'Hello **there**', date_created: now() };
    expect(await snippets(alice)).to.deep.equal([record]);
    expect(await snippets(bob)).to.deep.equal([]);
    expectSuccess(await alice.patch(`/saved_snippets/${id}`, { content: 'Hi' }));
    expect(await snippets(alice)).to.deep.equal([{ ...record, content: 'Hi' }]);
    expectSuccess(await alice.delete(`/saved_snippets/${id}`));
    expect(await snippets(alice)).to.deep.equal([]);
    expect((await drain(queue)).map(({ id: _id, ...rest }) => rest)).to.deep.equal([
      { type: 'saved_snippets', op: 'add', saved_snippet: record },
      { type: 'saved_snippets', op: 'update', saved_snippet: { ...record, content: 'Hi' } },
      { type: 'saved_snippets', op: 'remove', saved_snippet_id: id },
    ]);
    expect(await drain(other)).to.deep.equal([]);
  });

  it('snippets: refuses an empty title or content, and someone else\'s or an unknown snippet (404)', async function () {
    expectExactFailure(await alice.post('/saved_snippets', { title: '  ', content: 'x' }), 'BAD_REQUEST', 'Title cannot be empty.');
    expectExactFailure(await alice.post('/saved_snippets', { title: 'T', content: ' ' }), 'BAD_REQUEST', 'Content cannot be empty.');
    expectBadRequest(await alice.post('/saved_snippets', { title: 'x'.repeat(61), content: 'c' }), "'title'");
    const id = expectSuccess(await alice.post('/saved_snippets', { title: 'Mine', content: 'c' })).saved_snippet_id as number;
    for (const res of [await bob.patch(`/saved_snippets/${id}`, { title: 'x' }), await bob.delete(`/saved_snippets/${id}`), await alice.delete('/saved_snippets/9999')]) {
      expect(res.status).to.equal(404);
      expect(res.body).to.include({ code: 'BAD_REQUEST', msg: 'Saved snippet does not exist.' });
    }
    expectBadRequest(await alice.patch(`/saved_snippets/${id}`, {}), 'Nothing to change');
  });

  it('navigation views: a built-in view without a name, one of the user\'s own with one; updated and removed', async function () {
    const queue = await registerQueue(alice, { event_types: ['navigation_view'] });
    expectSuccess(await alice.post('/navigation_views', { fragment: 'inbox', is_pinned: false }));
    expectSuccess(await alice.post('/navigation_views', { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert words' }));
    expect(await views(alice)).to.deep.equal([
      { fragment: 'inbox', is_pinned: false, name: null },
      { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert words' },
    ]);
    expect(await views(bob)).to.deep.equal([]);
    expectSuccess(await alice.patch('/navigation_views/narrow/is/alerted', { is_pinned: false, name: 'Alerts' }));
    expectSuccess(await alice.delete('/navigation_views/inbox'));
    expect(await views(alice)).to.deep.equal([{ fragment: 'narrow/is/alerted', is_pinned: false, name: 'Alerts' }]);
    expect((await drain(queue)).map(({ id: _id, ...rest }) => rest)).to.deep.equal([
      { type: 'navigation_view', op: 'add', navigation_view: { fragment: 'inbox', is_pinned: false, name: null } },
      { type: 'navigation_view', op: 'add', navigation_view: { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alert words' } },
      { type: 'navigation_view', op: 'update', fragment: 'narrow/is/alerted', data: { name: 'Alerts', is_pinned: false } },
      { type: 'navigation_view', op: 'remove', fragment: 'inbox' },
    ]);
  });

  it('navigation views: the public errors', async function () {
    expectExactFailure(await alice.post('/navigation_views', { fragment: ' ', is_pinned: true }), 'BAD_REQUEST', 'fragment cannot be blank');
    expectExactFailure(await alice.post('/navigation_views', { fragment: 'recent', is_pinned: true, name: 'Mine' }), 'BAD_REQUEST', 'Built-in views cannot have a custom name');
    expectExactFailure(await alice.post('/navigation_views', { fragment: 'narrow/is/private', is_pinned: true }), 'BAD_REQUEST', 'Custom views must have a valid name.');
    expectExactFailure(await alice.post('/navigation_views', { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Again' }), 'BAD_REQUEST', 'Navigation view already exists.');
    const missingPatch = await alice.patch('/navigation_views/narrow/is/starred', { is_pinned: true });
    expect(missingPatch.status).to.equal(404);
    expect(missingPatch.body).to.include({ code: 'NOT_FOUND', msg: 'Navigation view does not exist.' });
    const missingDelete = await alice.delete('/navigation_views/narrow/is/starred');
    expect(missingDelete.status).to.equal(404);
    expect(missingDelete.body).to.include({ code: 'BAD_REQUEST', msg: 'Navigation view does not exist.' });
    expectSuccess(await alice.post('/navigation_views', { fragment: 'recent', is_pinned: true }));
    expectExactFailure(await alice.patch('/navigation_views/recent', { name: 'Latest' }), 'BAD_REQUEST', 'Built-in views cannot have a custom name');
  });
});
