import { expect } from 'chai';
import { inline } from './render-world-fixture.js';

const ISSUE = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/zulip/zulip/issues/{id}' };
const link = (href: string, text: string) => `<a href="${href}" title="${href}">${text}</a>`;

describe('renderMessage: linkifiers', function () {
  it('links matches after the start, a space or an opening delimiter, and not followed by a letter or digit', function () {
    expect(inline('#1 #2, (#3) a#4 #5b', { linkifiers: [ISSUE] })).to.equal(
      `${link('https://github.com/zulip/zulip/issues/1', '#1')} ${link('https://github.com/zulip/zulip/issues/2', '#2')}, (${link('https://github.com/zulip/zulip/issues/3', '#3')}) a#4 #5b`,
    );
  });

  it('fills the template with every group, percent-encoding as RFC 6570 says', function () {
    const ticket = { pattern: '(?P<org>[a-z]+)/(?P<repo>[a-z ]+)#(?P<id>[0-9]+)', url_template: 'https://example.com/{org}/{repo}/issues/{id}' };
    expect(inline('see zulip/my repo#42', { linkifiers: [ticket] })).to.equal(`see ${link('https://example.com/zulip/my%20repo/issues/42', 'zulip/my repo#42')}`);
  });

  it('leaves code, existing links and bare URLs alone', function () {
    expect(inline('`#1` [#2](https://x.example.com) https://x.example.com/#3', { linkifiers: [ISSUE] })).to.equal(
      `<code>#1</code> <a href="https://x.example.com">#2</a> <a href="https://x.example.com/#3">https://x.example.com/#3</a>`,
    );
  });

  it('applies linkifiers in their order: text one links is not looked at by the next', function () {
    const special = { pattern: '#(?P<id>1[0-9]*)', url_template: 'https://special.example.com/{id}' };
    expect(inline('#15', { linkifiers: [special, ISSUE] })).to.equal(link('https://special.example.com/15', '#15'));
    expect(inline('#15', { linkifiers: [ISSUE, special] })).to.equal(link('https://github.com/zulip/zulip/issues/15', '#15'));
  });

  it('does not link to an unsafe target, and skips a pattern that does not compile', function () {
    expect(inline('js:alert', { linkifiers: [{ pattern: 'js:(?P<x>[a-z]+)', url_template: 'javascript:{x}' }] })).to.equal('js:alert');
    expect(inline('#1', { linkifiers: [{ pattern: '#(?P<id>[0-9]+', url_template: 'https://x/{id}' }, ISSUE] })).to.equal(link('https://github.com/zulip/zulip/issues/1', '#1'));
  });
});
