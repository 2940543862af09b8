import { copyFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { ApiClient } from '../../support/api-client.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { edited } from '../../support/edit-requests.js';
import { idsOfNarrow } from '../../support/message-reads.js';
import { postToChannel } from '../../support/message-requests.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

describe('search: the index is durable across restarts', function () {
  this.timeout(30_000);
  let server: TestServer;
  after(() => server.stop());

  it('is not rebuilt at a restart, and an index left behind catches up with what was appended while it was not running', async () => {
    const people = await startServerWith('alice', 'outsider');
    server = people.server;
    const dataDir = server.dataDir;
    const file = join(dataDir, 'search.sqlite3');
    await createChannels(people.alice, ['general']);
    expectSuccess(await subscribe(people.outsider, ['general']));
    const first = await postToChannel(people.alice, 'general', 'notes', 'alpha original');
    const marked = await postToChannel(people.alice, 'general', 'notes', 'beta steady');
    // A word only the index holds: a rebuild from the log would replace it with the message's own text.
    await server.ctx.search.setText(marked, 'beta steady sentinel', await server.ctx.search.position());
    expect(statSync(file).mode & 0o777).to.equal(0o600);

    await server.close();
    const saved = join(dataDir, 'search-saved.sqlite3');
    copyFileSync(file, saved);
    server = await startTestServer({ dataDir });
    let alice = new ApiClient(server.url, people.alice.credentials);
    expect(await idsOfNarrow(alice, [['search', 'sentinel']])).to.deep.equal([marked]);
    const fresh = await postToChannel(alice, 'general', 'notes', 'gamma fresh');
    await edited(alice, first, { content: 'alpha revised' });
    await edited(alice, first, { topic: 'renamed', propagate_mode: 'change_one', send_notification_to_new_thread: false });
    await createChannels(alice, ['hidden'], { invite_only: true });
    const hidden = await postToChannel(alice, 'hidden', 'x', 'gamma hidden');
    const position = await server.ctx.search.position();

    // Back to the index as it was before those writes, as if it had not been running meanwhile.
    await server.close();
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) rmSync(file + suffix);
    copyFileSync(saved, file);
    server = await startTestServer({ dataDir });
    alice = new ApiClient(server.url, people.alice.credentials);
    const outsider = new ApiClient(server.url, people.outsider.credentials);
    expect(await server.ctx.search.position()).to.equal(position);
    expect(await idsOfNarrow(alice, [['search', 'sentinel']])).to.deep.equal([marked]);
    expect(await idsOfNarrow(outsider, [['search', 'original']])).to.deep.equal([]);
    expect(await idsOfNarrow(outsider, [['search', 'revised renamed']])).to.deep.equal([first]);
    expect(await idsOfNarrow(outsider, [['search', 'gamma']])).to.deep.equal([fresh]);
    expect(await idsOfNarrow(alice, [['search', 'gamma']])).to.deep.equal([fresh, hidden]);
  });
});
