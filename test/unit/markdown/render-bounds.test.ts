import { MarkdownRenderingError, MAX_RENDERED_LENGTH, renderMessage, worldFromLists } from '@chat/markdown';
import { expect } from 'chai';

const world = worldFromLists({ realmUrl: 'https://chat.example.com' });
const count = (html: string, text: string): number => html.split(text).length - 1;

/** A clock that moves `step` milliseconds each time it is read. */
function ticking(step: number): () => number {
  let now = 0;
  return () => (now += step);
}

describe('renderMessage: bounds on hostile content', function () {
  // `$$x$$` is estimated at 162 units: the 10,000-unit allowance holds 61 of them.
  const hundredFormulas = Array.from({ length: 100 }, () => '$$x$$').join(' ');

  it('renders all the math of a message that takes KaTeX no time', function () {
    const html = renderMessage(hundredFormulas, world, () => 0).html;
    expect(count(html, '<span class="katex">')).to.equal(100);
    expect(html).not.to.contain('tex-error');
  });

  it('renders the allowance whatever the clock says, then no more once KaTeX has spent 30 ms: the rest shows its source', function () {
    const html = renderMessage(hundredFormulas, world, ticking(5)).html;
    expect(count(html, '<span class="katex">')).to.equal(61);
    expect(count(html, '<span class="tex-error">$$x$$</span>')).to.equal(39);
    // Past the allowance, formulas still render while the time spent stays under 30 ms.
    expect(count(renderMessage(hundredFormulas, world, ticking(0.25)).html, '<span class="katex">')).to.equal(100);
  });

  it('shows a formula longer than 2,000 characters as its source, in ```math blocks too', function () {
    const long = 'x+'.repeat(1000) + 'y';
    expect(renderMessage(`$$${long}$$`, world).html).to.equal(`<p><span class="tex-error">$$${long}$$</span></p>`);
    expect(renderMessage(`\`\`\`math\n${long}\n\`\`\``, world).html).to.equal(`<p><span class="tex-error">${long}</span></p>`);
    expect(renderMessage(`$$${long.slice(2)}$$`, world).html).to.contain('<span class="katex">');
  });

  it('fails with MarkdownRenderingError when the HTML would pass a hundred times the longest message', function () {
    const template = `https://tracker.example.com/${'x'.repeat(200)}/{id}`;
    const linked = worldFromLists({ realmUrl: 'https://chat.example.com', linkifiers: [{ pattern: '#(?P<id>[0-9]+)', url_template: template }] });
    expect(() => renderMessage('#1 '.repeat(3333), linked)).to.throw(MarkdownRenderingError, `exceed ${MAX_RENDERED_LENGTH} characters`);
    expect(renderMessage('#1 '.repeat(1500), linked).html.length).to.be.within(MAX_RENDERED_LENGTH / 2, MAX_RENDERED_LENGTH);
  });
});
