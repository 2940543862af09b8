import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, expectNothingRecorded } from '../../support/channel-requests.js';
import { postToChannel, sendToChannel } from '../../support/message-requests.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('message HTML as the public server renders it, and its answer to content it cannot render', function () {
  let server: TestServer, alice: ApiClient;

  before(async function () {
    ({ server, alice } = await startServerWith('alice'));
    await createChannels(alice, ['lounge']);
  });
  after(() => server.stop());

  /** The HTML a client asking for it receives for a message Alice sends. */
  const htmlOf = async (content: string): Promise<string> => {
    const id = await postToChannel(alice, 'lounge', 'markdown', content);
    const { message } = expectSuccess(await alice.get(`/messages/${id}`, { apply_markdown: 'true' })) as { message: { content: string } };
    return message.content;
  };

  it('colours code with Pygments classes under codehilite, strikes with <del>, typesets math with KaTeX, hides spoilers', async function () {
    expect(await htmlOf('```python\ndef speak(self):\n    x = 1\n```')).to.equal(
      '<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="k">def</span> <span class="nf">speak</span>' +
        '<span class="p">(</span><span class="bp">self</span><span class="p">):</span>\n    <span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</code></pre></div>',
    );
    expect(await htmlOf('~~gone~~')).to.equal('<p><del>gone</del></p>');
    const math = await htmlOf('$$x^2$$');
    expect(math).to.match(/^<p><span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML">/);
    expect(math).to.contain('<annotation encoding="application/x-tex">x^2</annotation>');
    expect(await htmlOf('```spoiler Plot\nthe butler\n```')).to.equal(
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Plot</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>the butler</p>\n</div></div>',
    );
  });

  it('shows emoticons as emoji for a sender with translate_emoticons on, in sends and in /messages/render', async function () {
    expect(await htmlOf(':) fine')).to.equal('<p>:) fine</p>');
    expectSuccess(await alice.patch('/settings', { translate_emoticons: true }));
    try {
      const smile = '<span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span>';
      expect(await htmlOf(':) fine')).to.equal(`<p>${smile} fine</p>`);
      expect(expectSuccess(await alice.post('/messages/render', { content: 'so <3' })).rendered).to.equal(
        '<p>so <span aria-label="heart" class="emoji emoji-2764" role="img" title="heart">:heart:</span></p>',
      );
    } finally {
      expectSuccess(await alice.patch('/settings', { translate_emoticons: false }));
    }
  });

  it('refuses content whose HTML would pass a hundred times the longest message with "Unable to render message", recording nothing', async function () {
    const admin = server.owner;
    const template = `https://tracker.example.com/${'x'.repeat(200)}/{id}`;
    const linkifier = expectSuccess(await admin.post('/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: template })).id as number;
    const id = await postToChannel(alice, 'lounge', 'markdown', 'short');
    try {
      const hostile = '#1 '.repeat(3333);
      const refused = (res: Awaited<ReturnType<ApiClient['post']>>) => expectExactFailure(res, 'BAD_REQUEST', 'Unable to render message');
      await expectNothingRecorded(server, () => sendToChannel(alice, 'lounge', 'markdown', hostile), refused);
      await expectNothingRecorded(server, () => alice.patch(`/messages/${id}`, { content: hostile }), refused);
      await expectNothingRecorded(server, () => alice.post('/messages/render', { content: hostile }), refused);
      // A tenth of it renders.
      expect(await htmlOf('#1 '.repeat(333))).to.contain(`<a href="https://tracker.example.com/${'x'.repeat(200)}/1"`);
    } finally {
      expectSuccess(await admin.delete(`/realm/filters/${linkifier}`));
    }
  });
});
