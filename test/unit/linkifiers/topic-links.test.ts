import { topicLinks } from '@chat/markdown';
import { expect } from 'chai';

const ISSUE = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/zulip/zulip/issues/{id}' };
const TICKET = { pattern: '#(?P<id>1[0-9]+)', url_template: 'https://tickets.example.com/{id}' };

describe('topicLinks', function () {
  it('lists linkifier matches and bare URLs in the order they appear, schemeless URLs made https', function () {
    expect(topicLinks('zulip.com/x fixes #12 and #3, see https://example.com/a?b', [ISSUE])).to.deep.equal([
      { text: 'zulip.com/x', url: 'https://zulip.com/x' },
      { text: '#12', url: 'https://github.com/zulip/zulip/issues/12' },
      { text: '#3', url: 'https://github.com/zulip/zulip/issues/3' },
      { text: 'https://example.com/a?b', url: 'https://example.com/a?b' },
    ]);
  });

  it('keeps the first linkifier’s match where two overlap, and leaves email addresses and plain text alone', function () {
    expect(topicLinks('#15', [TICKET, ISSUE])).to.deep.equal([{ text: '#15', url: 'https://tickets.example.com/15' }]);
    expect(topicLinks('#15', [ISSUE, TICKET])).to.deep.equal([{ text: '#15', url: 'https://github.com/zulip/zulip/issues/15' }]);
    expect(topicLinks('mail ada@example.com about lunch', [ISSUE])).to.deep.equal([]);
  });
});
