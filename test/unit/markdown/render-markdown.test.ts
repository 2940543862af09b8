import { renderMarkdown } from '@chat/markdown';
import { expect } from 'chai';

describe('renderMarkdown (channel and folder descriptions)', function () {
  it('renders Markdown, escapes raw HTML and opens links in a new tab', function () {
    expect(renderMarkdown('**Bold** <b>x</b> [site](https://example.com)')).to.equal(
      '<p><strong>Bold</strong> &lt;b&gt;x&lt;/b&gt; <a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a></p>',
    );
  });

  it('knows nothing of mentions or channel links: they stay Markdown', function () {
    expect(renderMarkdown('@**all** #**general**')).to.equal('<p>@<strong>all</strong> #<strong>general</strong></p>');
  });

  it('renders empty source as the empty string', function () {
    expect(renderMarkdown('  \n')).to.equal('');
  });
});
