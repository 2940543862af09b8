import { expect } from 'chai';
import { checkNoRange, NEWEST_ANCHOR, parseAnchor, windowAround, windowSize } from '../../../services/api/src/queries/message-window.js';
import { SearchHighlighter } from '../../../services/api/src/queries/search-highlight.js';

describe('message window parameters', () => {
  it('anchors: ids (as number or digits), the three computed ones, and the deprecated first-unread switch', () => {
    expect(parseAnchor('43', false)).to.deep.equal({ kind: 'id', id: 43 });
    expect(parseAnchor(43, false)).to.deep.equal({ kind: 'id', id: 43 });
    expect(parseAnchor('newest', false)).to.deep.equal({ kind: 'newest' });
    expect(parseAnchor('oldest', false)).to.deep.equal({ kind: 'oldest' });
    expect(parseAnchor('first_unread', false)).to.deep.equal({ kind: 'first_unread' });
    expect(parseAnchor(undefined, true)).to.deep.equal({ kind: 'first_unread' });
  });

  it('ids below zero mean the oldest end, ids beyond every message the newest', () => {
    expect(parseAnchor('-5', false)).to.deep.equal({ kind: 'id', id: 0 });
    expect(parseAnchor('100000000000000000000', false)).to.deep.equal({ kind: 'id', id: NEWEST_ANCHOR });
    expect(windowAround(NEWEST_ANCHOR, { include_anchor: true, num_before: 1, num_after: 0 }).anchor).to.equal(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a missing or meaningless anchor', () => {
    expect(() => parseAnchor(undefined, false)).to.throw("Missing 'anchor' argument");
    expect(() => parseAnchor('latest', false)).to.throw("Invalid 'anchor'");
  });

  it('num_before and num_after are required and together at most 5000', () => {
    expect(windowSize({ num_before: 2500, num_after: 2500 })).to.deep.equal({ num_before: 2500, num_after: 2500 });
    expect(() => windowSize({ num_after: 1 })).to.throw("Missing 'num_before' argument");
    expect(() => windowSize({ num_before: 1 })).to.throw("Missing 'num_after' argument");
    expect(() => windowSize({ num_before: 5000, num_after: 1 })).to.throw("Too many messages requested (maximum 5000): 'num_before' + 'num_after' is 5001");
  });

  it('message_ids excludes every range parameter, naming them', () => {
    expect(() => checkNoRange({ message_ids: [1] })).not.to.throw();
    expect(() => checkNoRange({ message_ids: [1], anchor: 'newest', num_after: 3 })).to.throw("Invalid 'message_ids': it cannot be combined with 'anchor', 'num_after'");
  });
});

describe('search highlights', () => {
  it('wraps the words in text, case-insensitively, never inside tags or entities', () => {
    expect(new SearchHighlighter(['lunch', 'amp']).html('<p>Lunch <a href="/lunch">lunch</a> &amp; amp</p>')).to.equal(
      '<p><span class="highlight">Lunch</span> <a href="/lunch"><span class="highlight">lunch</span></a> &amp; <span class="highlight">amp</span></p>',
    );
    expect(new SearchHighlighter([]).html('<p>plain</p>')).to.equal('<p>plain</p>');
  });

  it('gives the same marks to every message of one search (a word judged once is judged alike)', () => {
    const highlighter = new SearchHighlighter(['run']);
    expect(highlighter.html('<p>Running runs</p>')).to.equal('<p><span class="highlight">Running</span> <span class="highlight">runs</span></p>');
    expect(highlighter.html('<p>runs &amp; runner ran</p>')).to.equal('<p><span class="highlight">runs</span> &amp; runner ran</p>');
  });

  it('escapes the topic before highlighting it', () => {
    expect(new SearchHighlighter(['plans']).topic('<b> Plans')).to.equal('&lt;b&gt; <span class="highlight">Plans</span>');
  });
});
