import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/**
 * Many commands deciding on one stream at once (one user's alert words, each request adding its own
 * word to the list it read) conflict on every commit but one. Each loser re-decides; one that keeps
 * losing runs alone in the process, so every request lands, none is lost and none fails.
 */
describe('contention: a burst of commands on one stream all commit', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.stop());

  it('adds every one of 40 words sent at once, each request answered 200', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `burst${i}`);
    const answers = await Promise.all(words.map((word) => server.owner.post('/users/me/alert_words', { alert_words: [word] })));
    expect(answers.map((answer) => answer.status)).to.deep.equal(words.map(() => 200));
    const after = await server.owner.get('/users/me/alert_words');
    expect([...(after.body.alert_words as string[])].sort()).to.deep.equal([...words].sort());
  });

  it('sends every one of 40 messages a user posts at once into new topics', async () => {
    await server.owner.post('/users/me/subscriptions', { subscriptions: [{ name: 'burst' }] });
    const topics = Array.from({ length: 40 }, (_, i) => `topic ${i}`);
    const answers = await Promise.all(topics.map((topic) => server.owner.post('/messages', { type: 'stream', to: 'burst', topic, content: topic })));
    expect(answers.map((answer) => answer.status)).to.deep.equal(topics.map(() => 200));
    expect(new Set(answers.map((answer) => answer.body.id)).size).to.equal(40);
  });
});
