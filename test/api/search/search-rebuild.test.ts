import { expect } from 'chai';
import { LogReplay } from '../../../tools/events/replay/replay-log.js';
import { MemoryReadStore, plainText, type SearchIndex, searchTerms, SqliteSearchIndex, tokensOf } from '@chat/readstore';
import type { ApiClient } from '../../support/api-client.js';
import { messageHistory } from '../../support/message-history-script.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

/** Every word the log ever put in a message's content or topic (sent, edited or moved to). */
async function vocabulary(server: TestServer): Promise<string[]> {
  const words = new Set<string>();
  const add = (text: string) => tokensOf(text).forEach((word) => words.add(word));
  for await (const event of server.ctx.store.readAll()) {
    if (event.type === 'MessageSent') {
      add(plainText(event.data.rendered_content));
      if (event.data.recipient.type === 'channel') add(event.data.recipient.topic);
    } else if (event.type === 'MessageContentEdited') add(plainText(event.data.rendered_content));
    else if (event.type === 'MessagesMoved') add(event.data.to.topic);
  }
  return [...words].sort();
}

const everything = (index: SearchIndex, words: string[]) => index.search(searchTerms(words), { below: Number.MAX_SAFE_INTEGER }, 100_000);

describe('search: the index rebuilt by a replay of the log answers as the live one', function () {
  this.timeout(60_000);
  let server: TestServer, member: ApiClient, newbie: ApiClient;

  before(async () => {
    ({ server, member } = await startServerWith('member'));
    newbie = await server.createUser('Newbie');
    await messageHistory({ owner: server.owner, viewer: server.owner, member, newbie }, 0);
    await messageHistory({ owner: server.owner, viewer: member, member, newbie }, 1);
    await server.ctx.runner.waitFor(await server.ctx.store.headPosition());
  });
  after(() => server.stop());

  it('finds the same messages for every word of the log, alone and in pairs and phrases', async () => {
    const rebuilt = new SqliteSearchIndex(':memory:');
    await new LogReplay(server.ctx.store, new MemoryReadStore(), rebuilt).to();
    const words = await vocabulary(server);
    expect(words.length).to.be.above(30);
    let found = 0;
    for (const [i, word] of words.entries()) {
      const live = await everything(server.ctx.search, [word]);
      found += live.length;
      expect(await everything(rebuilt, [word]), word).to.deep.equal(live);
      const pair = [word, words[(i * 7 + 3) % words.length]];
      expect(await everything(rebuilt, pair), pair.join(' ')).to.deep.equal(await everything(server.ctx.search, pair));
      const phrase = [pair.join(' ')];
      expect(await everything(rebuilt, phrase), phrase[0]).to.deep.equal(await everything(server.ctx.search, phrase));
    }
    expect(found).to.be.above(words.length);
    expect(await rebuilt.position()).to.equal(await server.ctx.search.position());
    await rebuilt.close();
  });
});
