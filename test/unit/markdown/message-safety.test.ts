import { isSafeUrl } from '@chat/markdown';
import { expect } from 'chai';
import { inline, render } from './render-world-fixture.js';

const LINK = 'target="_blank" rel="noopener noreferrer"';

describe('renderMessage: raw HTML is escaped', function () {
  it('a script tag is text', function () {
    expect(render('<script>alert(1)</script>').html).to.equal('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('inline tags and event handlers are text', function () {
    expect(inline('<img src=x onerror=alert(1)> <b onclick="x()">b</b>')).to.equal(
      '&lt;img src=x onerror=alert(1)&gt; &lt;b onclick=&quot;x()&quot;&gt;b&lt;/b&gt;',
    );
  });

  it('an HTML block is text', function () {
    expect(render('<div>\n<iframe src="frame.html"></iframe>\n</div>').html).to.equal(
      '<p>&lt;div&gt;<br>\n&lt;iframe src=&quot;frame.html&quot;&gt;&lt;/iframe&gt;<br>\n&lt;/div&gt;</p>',
    );
  });
});

describe('renderMessage: links', function () {
  it('http, https and mailto links open in a new tab without the opener', function () {
    expect(inline('[a](https://example.com/x?y=1) [b](http://example.com) [c](mailto:ada@example.com)')).to.equal(
      `<a href="https://example.com/x?y=1" ${LINK}>a</a> <a href="http://example.com" ${LINK}>b</a> <a href="mailto:ada@example.com" ${LINK}>c</a>`,
    );
  });

  it('relative links are kept', function () {
    expect(inline('[up](/user_uploads/2/ab/file.pdf) [there](#narrow/channel/3-x)')).to.equal(
      `<a href="/user_uploads/2/ab/file.pdf" ${LINK}>up</a> <a href="#narrow/channel/3-x" ${LINK}>there</a>`,
    );
  });

  it("links into the organization's own app or uploads are made relative", function () {
    expect(inline('[t](https://chat.example.com/#narrow/channel/3-x) [f](https://chat.example.com/user_uploads/2/f.txt) [o](https://chat.example.com/help)')).to.equal(
      `<a href="#narrow/channel/3-x" ${LINK}>t</a> <a href="user_uploads/2/f.txt" ${LINK}>f</a> <a href="https://chat.example.com/help" ${LINK}>o</a>`,
    );
  });

  it('bare URLs and addresses become links', function () {
    expect(inline('https://example.com and www.example.org and ada@example.com')).to.equal(
      `<a href="https://example.com" ${LINK}>https://example.com</a> and <a href="http://www.example.org" ${LINK}>www.example.org</a> and <a href="mailto:ada@example.com" ${LINK}>ada@example.com</a>`,
    );
  });

  for (const target of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'vbscript:msgbox(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'file:///etc/passwd', 'ftp://example.com/x', '&#106;avascript:alert(1)']) {
    it(`a link to ${target} stays text`, function () {
      const html = inline(`[x](${target})`);
      expect(html).not.to.contain('<a');
      expect(html).not.to.contain('href');
    });
  }

  it('an autolink to javascript: stays text', function () {
    expect(inline('<javascript:alert(1)>')).to.equal('&lt;javascript:alert(1)&gt;');
  });

  it('a quote in a link target cannot close the attribute', function () {
    expect(inline('[x](https://example.com/"onmouseover="alert(1))')).to.equal(
      `<a href="https://example.com/%22onmouseover=%22alert(1)" ${LINK}>x</a>`,
    );
  });
});

describe('renderMessage: images are links, never inlined', function () {
  it('shows the alt text as a link to the image', function () {
    expect(inline('![a cat](https://example.com/cat.png)')).to.equal(`<a href="https://example.com/cat.png" ${LINK}>a cat</a>`);
  });

  it('shows the address when there is no alt text', function () {
    expect(inline('![](https://example.com/cat.png)')).to.equal(`<a href="https://example.com/cat.png" ${LINK}>https://example.com/cat.png</a>`);
  });

  it('an image from javascript: stays text', function () {
    expect(inline('![x](javascript:alert(1))')).not.to.contain('<a');
  });
});

describe('renderMessage: names cannot inject markup', function () {
  const hostile = '<img src=x onerror=alert(1)> "x" \'y\' &amp;';
  const escaped = '&lt;img src=x onerror=alert(1)&gt; &quot;x&quot; \'y\' &amp;amp;';

  it('in a user mention', function () {
    const html = inline('@**|30**', { users: [{ id: 30, full_name: hostile, is_active: true }] });
    expect(html).to.equal(`<span class="user-mention" data-user-id="30">@${escaped}</span>`);
  });

  it('in a group mention', function () {
    const html = inline('@*evil" onclick="x*', { groups: [{ id: 31, name: 'evil" onclick="x', is_system_group: false, deactivated: false }] });
    expect(html).to.equal('<span class="user-group-mention" data-user-group-id="31">@evil&quot; onclick=&quot;x</span>');
  });

  it('in a channel link and its topic', function () {
    const html = inline('#**x" y>a<b>**', { channels: [{ id: 32, name: 'x" y' }] });
    expect(html).to.equal('<a class="stream-topic" data-stream-id="32" href="/#narrow/channel/32-x.22-y/topic/a.3Cb.3E">#x&quot; y &gt; a&lt;b&gt;</a>');
  });

  it('in a custom emoji: a quote in its source is escaped, a javascript: source is not used', function () {
    expect(inline(':tick:', { customEmoji: [{ id: '1', name: 'tick', source_url: '/e/1.png" onerror="x', deactivated: false }] })).to.equal(
      '<img alt=":tick:" class="emoji" src="/e/1.png&quot; onerror=&quot;x" title="tick">',
    );
    expect(inline(':tick:', { customEmoji: [{ id: '1', name: 'tick', source_url: 'java\tscript:alert(1)', deactivated: false }] })).to.equal(':tick:');
  });
});

describe('isSafeUrl', function () {
  it('allows http, https, mailto and relative targets only', function () {
    expect(['https://a.example', 'HTTP://a.example', 'mailto:a@b.example', '/x', '#narrow', 'page.html', '?q=1'].map(isSafeUrl)).to.deep.equal(Array(7).fill(true));
    expect(['javascript:x', ' javascript:x', 'java\nscript:x', '\u0001javascript:x', 'data:x', 'tel:1'].map(isSafeUrl)).to.deep.equal(Array(6).fill(false));
  });
});
