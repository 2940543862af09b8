import { expect } from 'chai';
import { factsOf, NO_MENTIONS, render } from './render-world-fixture.js';

const EVERY_KIND = '@**Ada Lovelace** @*support* @**all** @**topic**';

describe('renderMessage: where mentions do not count', function () {
  it('in a code span the syntax is shown as written', function () {
    const rendered = render(`\`${EVERY_KIND}\``);
    expect(rendered.html).to.equal('<p><code>@**Ada Lovelace** @*support* @**all** @**topic**</code></p>');
    expect(factsOf(rendered)).to.deep.equal(NO_MENTIONS);
  });

  it('in a fenced or indented code block', function () {
    expect(factsOf(render(`\`\`\`\n${EVERY_KIND}\n\`\`\``))).to.deep.equal(NO_MENTIONS);
    expect(factsOf(render(`    ${EVERY_KIND}`))).to.deep.equal(NO_MENTIONS);
  });

  it("in a link's text", function () {
    const rendered = render('[@**Ada Lovelace** and @**all**](https://example.com)');
    expect(rendered.html).to.equal(
      '<p><a href="https://example.com">@<strong>Ada Lovelace</strong> and @<strong>all</strong></a></p>',
    );
    expect(factsOf(rendered)).to.deep.equal(NO_MENTIONS);
  });

  it("in the text of a link to an image (no image syntax: the \"!\" stays text)", function () {
    const rendered = render('![@**Ada Lovelace** portrait](https://example.com/ada.png)');
    expect(rendered.html).to.equal(
      '<p>!<a href="https://example.com/ada.png">@<strong>Ada Lovelace</strong> portrait</a></p>',
    );
    expect(factsOf(rendered)).to.deep.equal(NO_MENTIONS);
  });

  it('in a block quote: quoting a message does not notify again, so its mentions turn silent', function () {
    const rendered = render(`> ${EVERY_KIND}\n\nreply to @**Sam Lee|8**`);
    expect(rendered.html).to.equal(
      '<blockquote>\n<p><span class="user-mention silent" data-user-id="7">Ada Lovelace</span> ' +
        '<span class="user-group-mention silent" data-user-group-id="3">support</span> ' +
        '<span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span> ' +
        '<span class="topic-mention silent">topic</span></p>\n</blockquote>\n' +
        '<p>reply to <span class="user-mention" data-user-id="8">@Sam Lee</span></p>',
    );
    expect(factsOf(rendered)).to.deep.equal({ ...NO_MENTIONS, mentioned_user_ids: [8] });
  });

  it('escaped with a backslash', function () {
    expect(factsOf(render('\\@**Ada Lovelace**'))).to.deep.equal(NO_MENTIONS);
  });
});

describe('renderMessage: mentions in ordinary Markdown', function () {
  it('count in emphasis, lists, headings and tables', function () {
    const content = '_says @**Ada Lovelace**_\n\n- @*support*\n\n# @**all**\n\n| who |\n| --- |\n| @**topic** |';
    expect(factsOf(render(content))).to.deep.equal({ mentioned_user_ids: [7], mentioned_group_ids: [3], stream_wildcard: true, topic_wildcard: true });
  });
});

describe('renderMessage: /me messages', function () {
  it('content starting with "/me " is a me message, rendered as written', function () {
    const rendered = render('/me waves at @**Ada Lovelace**');
    expect(rendered.is_me_message).to.equal(true);
    expect(rendered.html).to.equal('<p>/me waves at <span class="user-mention" data-user-id="7">@Ada Lovelace</span></p>');
  });

  it('"/me" elsewhere, or without the space, is not', function () {
    expect(render('say /me waves').is_me_message).to.equal(false);
    expect(render('/meh').is_me_message).to.equal(false);
    expect(render(' /me waves').is_me_message).to.equal(false);
  });
});
