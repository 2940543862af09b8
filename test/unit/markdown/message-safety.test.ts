import { isSafeUrl } from '@chat/markdown';
import { expect } from 'chai';
import { inline, render } from './render-world-fixture.js';

describe('renderMessage: raw HTML is escaped', function () {
  it('a script tag is text', function () {
    expect(render('<script>alert(1)</script>').html).to.equal('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('inline tags and event handlers are text (quotes in text stay as written, as on the public server)', function () {
    expect(inline('<img src=x onerror=alert(1)> <b onclick="x()">b</b>')).to.equal(
      '&lt;img src=x onerror=alert(1)&gt; &lt;b onclick="x()"&gt;b&lt;/b&gt;',
    );
  });

  it('an HTML block is text', function () {
    expect(render('<div>\n<iframe src="frame.html"></iframe>\n</div>').html).to.equal(
      '<p>&lt;div&gt;<br>\n&lt;iframe src="frame.html"&gt;&lt;/iframe&gt;<br>\n&lt;/div&gt;</p>',
    );
  });
});

describe('renderMessage: links', function () {
  it('http, https and mailto links carry their target only (clients choose how to open them)', function () {
    expect(inline('[a](https://example.com/x?y=1) [b](http://example.com) [c](mailto:ada@example.com)')).to.equal(
      `<a href="https://example.com/x?y=1">a</a> <a href="http://example.com">b</a> <a href="mailto:ada@example.com">c</a>`,
    );
  });

  it('relative links are kept', function () {
    expect(inline('[up](/user_uploads/2/ab/file.pdf) [there](#narrow/channel/3-x)')).to.equal(
      `<a href="/user_uploads/2/ab/file.pdf">up</a> <a href="#narrow/channel/3-x">there</a>`,
    );
  });

  it("links into the organization's own app or uploads are made relative", function () {
    expect(inline('[t](https://chat.example.com/#narrow/channel/3-x) [f](https://chat.example.com/user_uploads/2/f.txt) [o](https://chat.example.com/help)')).to.equal(
      `<a href="#narrow/channel/3-x">t</a> <a href="user_uploads/2/f.txt">f</a> <a href="https://chat.example.com/help">o</a>`,
    );
  });

  it('bare URLs and addresses become links', function () {
    expect(inline('https://example.com and www.example.org and ada@example.com')).to.equal(
      `<a href="https://example.com">https://example.com</a> and <a href="http://www.example.org">www.example.org</a> and <a href="mailto:ada@example.com">ada@example.com</a>`,
    );
  });

  it('ftp and file links are kept, as the public server keeps them', function () {
    expect(inline('[a](ftp://example.com/x) [b](file:///etc/hosts)')).to.equal('<a href="ftp://example.com/x">a</a> <a href="file:///etc/hosts">b</a>');
  });

  for (const target of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'vbscript:msgbox(1)', 'data:text/html;base64,PHNjcmlwdD4=', '&#106;avascript:alert(1)']) {
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
      '<a href="https://example.com/&quot;onmouseover=&quot;alert(1)">x</a>',
    );
  });
});

describe('renderMessage: no image syntax, as on the public server', function () {
  it('shows the "!" as text before a link to the image', function () {
    expect(inline('![a cat](https://example.com/cat.png)')).to.equal('!<a href="https://example.com/cat.png">a cat</a>');
  });

  it('shows the address when there is no alt text', function () {
    expect(inline('![](https://example.com/cat.png)')).to.equal('!<a href="https://example.com/cat.png">https://example.com/cat.png</a>');
  });

  it('an image from javascript: stays text', function () {
    expect(inline('![x](javascript:alert(1))')).to.equal('![x](javascript:alert(1))');
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
