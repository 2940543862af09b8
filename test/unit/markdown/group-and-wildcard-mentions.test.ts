import { expect } from 'chai';
import { ADMINS, factsOf, inline, NO_MENTIONS, render, RETIRED, SUPPORT } from './render-world-fixture.js';

describe('renderMessage: group mentions', function () {
  it('@*group* mentions the group', function () {
    const rendered = render('ping @*support*');
    expect(rendered.html).to.equal('<p>ping <span class="user-group-mention" data-user-group-id="3">@support</span></p>');
    expect(factsOf(rendered)).to.deep.equal({ ...NO_MENTIONS, mentioned_group_ids: [SUPPORT.id] });
  });

  it('finds the group regardless of case and shows its stored name', function () {
    expect(inline('@*Support*')).to.equal('<span class="user-group-mention" data-user-group-id="3">@support</span>');
  });

  it('@_*group* is silent', function () {
    const rendered = render('@_*support*');
    expect(rendered.html).to.equal('<p><span class="user-group-mention silent" data-user-group-id="3">support</span></p>');
    expect(rendered.mentioned_group_ids).to.deep.equal([]);
  });

  it('a deactivated group mentions nobody: it is shown only as a silent mention', function () {
    const rendered = render('@*retired*');
    expect(rendered.html).to.equal(`<p><span class="user-group-mention silent" data-user-group-id="${RETIRED.id}">retired</span></p>`);
    expect(factsOf(rendered)).to.deep.equal(NO_MENTIONS);
  });

  it('a system group is mentioned by its role: name and shown by its display name (who may mention it is the sender\'s check)', function () {
    const rendered = render('@*role:administrators*');
    expect(rendered.html).to.equal(`<p><span class="user-group-mention" data-user-group-id="${ADMINS.id}">@Administrators</span></p>`);
    expect(rendered.mentioned_group_ids).to.deep.equal([ADMINS.id]);
  });

  it('an unknown group mentions nobody and stays emphasis', function () {
    const rendered = render('@*nosuchgroup*');
    expect(rendered.html).to.equal('<p>@<em>nosuchgroup</em></p>');
    expect(rendered.mentioned_group_ids).to.deep.equal([]);
  });
});

describe('renderMessage: wildcard mentions', function () {
  for (const word of ['all', 'everyone', 'channel', 'stream']) {
    it(`@**${word}** is a channel wildcard`, function () {
      const rendered = render(`@**${word}** look`);
      expect(rendered.html).to.equal(`<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@${word}</span> look</p>`);
      expect(factsOf(rendered)).to.deep.equal({ ...NO_MENTIONS, stream_wildcard: true });
    });
  }

  it('@**topic** is a topic wildcard', function () {
    const rendered = render('@**topic**');
    expect(rendered.html).to.equal('<p><span class="topic-mention">@topic</span></p>');
    expect(factsOf(rendered)).to.deep.equal({ ...NO_MENTIONS, topic_wildcard: true });
  });

  it('silent wildcards are shown but mention nobody', function () {
    const rendered = render('@_**all** @_**topic**');
    expect(rendered.html).to.equal(
      '<p><span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span> <span class="topic-mention silent">topic</span></p>',
    );
    expect(factsOf(rendered)).to.deep.equal(NO_MENTIONS);
  });

  it('wildcards are lower case words: @**All** is looked up as a name', function () {
    expect(render('@**All**').stream_wildcard).to.equal(false);
  });

  it('a wildcard wins over a user of the same name', function () {
    const rendered = render('@**all**', { users: [{ id: 20, full_name: 'all', is_active: true }] });
    expect(factsOf(rendered)).to.deep.equal({ ...NO_MENTIONS, stream_wildcard: true });
  });
});
