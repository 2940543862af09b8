import { expect } from 'chai';
import { highlightHtmlDifferences } from '@chat/wire';

describe('highlightHtmlDifferences (content_html_diff of message edit history)', () => {
  it('marks words added and removed, keeping the new markup', () => {
    expect(highlightHtmlDifferences('<p>Hello!</p>', '<p>Howdy!</p>')).to.equal(
      '<div><p><span class="highlight_text_deleted">Hello!</span><span class="highlight_text_inserted">Howdy!</span></p></div>',
    );
    expect(highlightHtmlDifferences('<p>a b</p>', '<p>a b c</p>')).to.equal('<div><p>a b<span class="highlight_text_inserted"> c</span></p></div>');
  });

  it('keeps added markup and drops removed markup, highlighting only text', () => {
    expect(highlightHtmlDifferences('<p>plain</p>', '<p><strong>plain</strong></p>')).to.equal('<div><p><strong>plain</strong></p></div>');
    expect(highlightHtmlDifferences('<p>one</p><p>two</p>', '<p>one</p>')).to.equal('<div><p>one</p><span class="highlight_text_deleted">two</span></div>');
  });

  it('an unchanged rendering has nothing highlighted', () => {
    expect(highlightHtmlDifferences('<p>same</p>', '<p>same</p>')).to.equal('<div><p>same</p></div>');
  });
});
