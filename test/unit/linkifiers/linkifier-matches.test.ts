import { expect } from 'chai';
import { RE2JS } from 're2js';
import { linkifierMatches, linkifierRegex } from '../../../packages/markdown/src/linkifiers/linkifier-pattern.js';

/** The public API's way, with the bounded pattern alone: the reference the faster search must agree with. */
const references = new Map<string, RE2JS>();
function reference(pattern: string, text: string): { start: number; end: number }[] {
  if (!references.has(pattern)) references.set(pattern, RE2JS.compile(`(?P<b>^|\\s|['"(,:<])(?P<o>${pattern})(?P<a>$|[^\\pL\\pN])`));
  const matcher = references.get(pattern)!.matcher(text);
  const found: { start: number; end: number }[] = [];
  let from = 0;
  while (from <= text.length && matcher.find(from)) {
    found.push({ start: matcher.start('o'), end: matcher.end('o') });
    from = Math.max(matcher.end('o'), matcher.start('o') + 1);
  }
  return found;
}

describe('linkifierMatches', function () {
  it('finds exactly what the bounded pattern alone finds, on texts made to probe the boundaries', function () {
    const patterns = ['#(?P<id>[0-9]+)', '(?P<k>[A-Z]+)-(?P<n>[0-9]+)', '(?P<w>a|ab)(?P<x>c?)', '(?P<d>[0-9]+)(?P<s>!?)', 'é(?P<e>[a-z]+)'];
    const pieces = ['#1', '#22', 'a', 'ab', 'abc', 'X-1', 'XY-22z', ' ', '(', ')', ',', ':', '<', '"', "'", '.', 'é', 'éte', '7!', '\n', '😀', 'b'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let round = 0; round < 400; round++) {
      const text = Array.from({ length: 1 + (next() % 9) }, () => pieces[next() % pieces.length]).join('');
      for (const pattern of patterns) {
        const fast = linkifierMatches(linkifierRegex(pattern)!, text).map(({ start, end }) => ({ start, end }));
        expect(fast, `${pattern} in ${JSON.stringify(text)}`).to.deep.equal(reference(pattern, text));
      }
    }
  });
});
