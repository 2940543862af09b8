import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createBot, type MadeBot } from '../../support/bot-requests.js';
import { expectExactFailure, expectFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const putRaw = (bot: MadeBot, params: Record<string, string>) => bot.client.request('PUT', '/bot_storage', new URLSearchParams(params));
const put = (bot: MadeBot, storage: Record<string, string>) => putRaw(bot, { storage: JSON.stringify(storage) });
const get = async (bot: MadeBot, keys?: string[]) => expectSuccess(await bot.client.get('/bot_storage', keys ? { keys: JSON.stringify(keys) } : {})).storage;

describe('Bot storage: GET, PUT and DELETE /bot_storage', () => {
  let server: TestServer, member: ApiClient, one: MadeBot, two: MadeBot;

  before(async () => {
    ({ server, member } = await startServerWith('member'));
    one = await createBot(member, 'counter');
    two = await createBot(member, 'other');
  });
  after(() => server.stop());

  it('sets keys and reads them back, all or some; each bot sees only its own', async () => {
    expectSuccess(await put(one, { count: '1', 'a.b': 'dotted', constructor: 'plain' }));
    expect(await get(one)).to.deep.equal({ count: '1', 'a.b': 'dotted', constructor: 'plain' });
    expectSuccess(await put(one, { count: '2' }));
    expect(await get(one, ['count'])).to.deep.equal({ count: '2' });
    expect(await get(one, [])).to.have.keys('count', 'a.b', 'constructor');
    expect(await get(two)).to.deep.equal({});
    expectExactFailure(await two.client.get('/bot_storage', { keys: JSON.stringify(['count']) }), 'BAD_REQUEST', 'Key does not exist.');
  });

  it('removes the keys named, or all; a key not set refuses the whole request', async () => {
    expectSuccess(await put(two, { x: '1', y: '2', z: '3' }));
    expectExactFailure(await two.client.delete('/bot_storage', { keys: JSON.stringify(['x', 'nope']) }), 'BAD_REQUEST', 'Key does not exist.');
    expect(await get(two)).to.deep.equal({ x: '1', y: '2', z: '3' });
    expectSuccess(await two.client.delete('/bot_storage', { keys: JSON.stringify(['x']) }));
    expect(await get(two)).to.deep.equal({ y: '2', z: '3' });
    expectSuccess(await two.client.delete('/bot_storage'));
    expect(await get(two)).to.deep.equal({});
  });

  it('refuses values that are not text, and storage over 10,000,000 characters with the public server\'s message', async () => {
    expectExactFailure(await putRaw(two, { storage: JSON.stringify({ n: 1 }) }), 'BAD_REQUEST', 'storage["n"] is not a string');
    expectFailure(await putRaw(two, {}), 'REQUEST_VARIABLE_MISSING', 'storage');
    // A request body holds at most a megabyte: ten of them fill the storage to its limit exactly.
    for (let index = 0; index < 10; index++) expectSuccess(await put(two, { [`k${index}`]: 'x'.repeat(999_998) }));
    expectExactFailure(await put(two, { k: 'y' }), 'BAD_REQUEST', 'Request exceeds storage limit by 2 characters. The limit is 10000000 characters.');
    // Replacing a value counts only the difference; characters are code points, as the public server counts them.
    expectSuccess(await put(two, { k0: `${'x'.repeat(999_996)}\u{1F600}\u{1F600}` }));
    expectExactFailure(await put(two, { k1: 'x'.repeat(999_999) }), 'BAD_REQUEST', 'Request exceeds storage limit by 1 characters. The limit is 10000000 characters.');
    expectSuccess(await two.client.delete('/bot_storage', { keys: JSON.stringify(['k9']) }));
    expectSuccess(await put(two, { k: 'y' }));
    expect(((await get(two, ['k0'])) as Record<string, string>).k0).to.have.length(1_000_000);
    expectSuccess(await two.client.delete('/bot_storage'));
  });

  it('keeps the storage across a restart (replayed from the log)', async () => {
    server = await server.restart();
    const again = { ...one, client: server.anonymous.withCredentials(one.email, one.apiKey, one.userId) };
    expect(await get(again)).to.deep.equal({ count: '2', 'a.b': 'dotted', constructor: 'plain' });
  });
});
