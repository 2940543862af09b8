import { expect } from 'chai';
import type { ApiClient } from '../support/api-client.js';
import { expectNothingRecorded } from '../support/channel-requests.js';
import { drain, ofType, registerQueue } from '../support/realtime-client.js';
import { expectExactFailure, expectSuccess } from '../support/response-assertions.js';
import { startServerWith } from '../support/server-with-people.js';
import type { TestServer } from '../support/test-server.js';

describe('alert words: GET, POST and DELETE /users/me/alert_words', function () {
  let server: TestServer, alice: ApiClient, bob: ApiClient;

  before(async function () {
    ({ server, alice, bob } = await startServerWith('alice', 'bob'));
  });
  after(() => server.stop());

  const wordsOf = async (client: ApiClient): Promise<unknown> => expectSuccess(await client.get('/users/me/alert_words')).alert_words;
  const add = (client: ApiClient, words: unknown) => client.post('/users/me/alert_words', { alert_words: words });
  const remove = (client: ApiClient, words: unknown) => client.delete('/users/me/alert_words', { alert_words: words });

  it('start empty', async function () {
    expect(expectSuccess(await alice.get('/users/me/alert_words'))).to.deep.equal({ result: 'success', msg: '', alert_words: [] });
  });

  it('are added, trimmed, in order, and the answer is the whole list; an alert_words event goes to the user only', async function () {
    const aliceQueue = await registerQueue(alice);
    const bobQueue = await registerQueue(bob);
    expect(expectSuccess(await add(alice, ['  deploy ', 'Release Train', '']))).to.deep.equal({ result: 'success', msg: '', alert_words: ['deploy', 'Release Train'] });
    expect(expectSuccess(await add(alice, ['outage']))).to.deep.include({ alert_words: ['deploy', 'Release Train', 'outage'] });
    expect(await wordsOf(alice)).to.deep.equal(['deploy', 'Release Train', 'outage']);
    expect(ofType(await drain(aliceQueue), 'alert_words').map((event) => event.alert_words)).to.deep.equal([
      ['deploy', 'Release Train'],
      ['deploy', 'Release Train', 'outage'],
    ]);
    expect(ofType(await drain(bobQueue), 'alert_words')).to.deep.equal([]);
    expect(await wordsOf(bob)).to.deep.equal([]);
  });

  it('ignore words the user has already, regardless of case; of equal new words the last spelling is kept', async function () {
    const queue = await registerQueue(alice);
    await expectNothingRecorded(server, () => add(alice, ['DEPLOY', 'release train']), (res) => expect(expectSuccess(res).alert_words).to.deep.equal(['deploy', 'Release Train', 'outage']));
    expect(ofType(await drain(queue), 'alert_words')).to.deep.equal([]);
    expect(expectSuccess(await add(alice, ['rollback', 'ROLLBACK', 'Rollback'])).alert_words).to.deep.equal(['deploy', 'Release Train', 'outage', 'Rollback']);
  });

  it('refuse a word longer than 100 characters, naming its place, recording nothing', async function () {
    await expectNothingRecorded(server, () => add(alice, ['fine', 'x'.repeat(101)]), (res) => expectExactFailure(res, 'BAD_REQUEST', 'alert_words[1] is too long (limit: 100 characters)'));
    expect(expectSuccess(await add(alice, ['y'.repeat(100)])).alert_words).to.have.length(5);
    expectSuccess(await remove(alice, ['y'.repeat(100)]));
  });

  it('refuse a missing or malformed list', async function () {
    for (const request of [() => alice.post('/users/me/alert_words', {}), () => alice.delete('/users/me/alert_words', {})]) {
      await expectNothingRecorded(server, request, (res) => expectExactFailure(res, 'REQUEST_VARIABLE_MISSING', "Missing 'alert_words' argument"));
    }
    await expectNothingRecorded(server, () => alice.post('/users/me/alert_words', { alert_words: 'not json' }), (res) => expectExactFailure(res, 'BAD_REQUEST', "Argument 'alert_words' is not valid JSON."));
    await expectNothingRecorded(server, () => add(alice, { word: 'x' }), (res) => expect(res.body).to.include({ result: 'error', code: 'BAD_REQUEST' }));
  });

  it('are removed regardless of case; unknown ones are ignored; the answer and the event hold what is left', async function () {
    const queue = await registerQueue(alice);
    expect(expectSuccess(await remove(alice, ['release TRAIN', 'never added']))).to.deep.equal({ result: 'success', msg: '', alert_words: ['deploy', 'outage', 'Rollback'] });
    expect(ofType(await drain(queue), 'alert_words').map((event) => event.alert_words)).to.deep.equal([['deploy', 'outage', 'Rollback']]);
    await expectNothingRecorded(server, () => remove(alice, ['never added']), (res) => expect(expectSuccess(res).alert_words).to.deep.equal(['deploy', 'outage', 'Rollback']));
    expect(expectSuccess(await remove(alice, ['deploy', 'outage', 'rollback'])).alert_words).to.deep.equal([]);
    expect(await wordsOf(alice)).to.deep.equal([]);
  });

  it('are the alert_words register section, requested as alert_words', async function () {
    expectSuccess(await add(bob, ['lunch', 'Coffee']));
    expect((await registerQueue(bob, { fetch_event_types: ['alert_words'] })).state.alert_words).to.deep.equal(['lunch', 'Coffee']);
    const state = (await registerQueue(bob, { fetch_event_types: ['realm'] })).state;
    expect(state).to.not.have.property('alert_words');
    expect((await registerQueue(bob)).state.alert_words).to.deep.equal(['lunch', 'Coffee']);
  });

  it('survive a restart (the read model is rebuilt from the log)', async function () {
    server = await server.restart();
    const again = server.anonymous.withCredentials(bob.email, bob.credentials?.apiKey ?? '', bob.userId);
    expect(await wordsOf(again)).to.deep.equal(['lunch', 'Coffee']);
  });
});
