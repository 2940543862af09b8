import { expect } from 'chai';
import { ADA, render } from './render-world-fixture.js';

const html = (content: string): string => render(content).html;

describe('renderMessage: ```quote fences', function () {
  it('renders a ```quote fence as a block quote whose content is Markdown, mentions silent as in any quote', function () {
    const rendered = render('```quote\nhello **there** @**Ada Lovelace**\n```\nafter');
    expect(rendered.html).to.equal(
      '<blockquote>\n<p>hello <strong>there</strong> <span class="user-mention silent" data-user-id="7">Ada Lovelace</span></p>\n</blockquote>\n<p>after</p>',
    );
    expect(rendered.mentioned_user_ids).to.deep.equal([]);
    expect(html('> @**Ada Lovelace**')).to.equal(html('```quote\n@**Ada Lovelace**\n```'));
    expect(render('@**Ada Lovelace**').mentioned_user_ids).to.deep.equal([ADA.id]);
  });

  it('accepts tildes, a longer fence, and QUOTE in any case', function () {
    expect(html('~~~quote\nA\n~~~')).to.equal('<blockquote>\n<p>A</p>\n</blockquote>');
    expect(html('````Quote\nA\n````')).to.equal('<blockquote>\n<p>A</p>\n</blockquote>');
  });

  it('keeps code blocks inside, whose closing fence does not end the quote', function () {
    expect(html('````quote\nsee:\n```python\nx = 1\n```\nend\n````\nout')).to.equal(
      '<blockquote>\n<p>see:</p>\n<div class="codehilite" data-code-language="Python"><pre><span></span><code><span class="n">x</span> <span class="o">=</span> <span class="mi">1</span>\n</code></pre></div>\n<p>end</p>\n</blockquote>\n<p>out</p>',
    );
  });

  it('nests quotes in quotes', function () {
    expect(html('```quote\n```quote\ninner\n```\nouter\n```')).to.equal(
      '<blockquote>\n<blockquote>\n<p>inner</p>\n</blockquote>\n<p>outer</p>\n</blockquote>',
    );
  });

  it('runs an unclosed quote to the end, and interrupts a paragraph', function () {
    expect(html('```quote\nno end')).to.equal('<blockquote>\n<p>no end</p>\n</blockquote>');
    expect(html('before\n```quote\nq\n```')).to.equal('<p>before</p>\n<blockquote>\n<p>q</p>\n</blockquote>');
  });

  it('leaves other fences, and a quote fence indented as code, as code', function () {
    const code = (body: string, language = ''): string => `<div class="codehilite"${language}><pre><span></span><code>${body}\n</code></pre></div>`;
    expect(html('```\nquote\n```')).to.equal(code('quote'));
    expect(html('```quotes\nq\n```')).to.equal(code('q', ' data-code-language="quotes"'));
    expect(html('    ```quote\n    q')).to.equal(code('```quote\nq'));
  });

  it('escapes raw HTML inside, as everywhere', function () {
    expect(html('```quote\n<script>x</script>\n```')).to.equal('<blockquote>\n<p>&lt;script&gt;x&lt;/script&gt;</p>\n</blockquote>');
  });
});
