import { expect } from 'chai';
import { inline } from './render-world-fixture.js';

describe('renderMessage: global times', function () {
  it('<time:…> becomes a <time> element with the moment in UTC and the text as written', function () {
    expect(inline('due <time:2025-05-30T02:00:00+00:00> sharp')).to.equal(
      'due <time datetime="2025-05-30T02:00:00Z">2025-05-30T02:00:00+00:00</time> sharp',
    );
    expect(inline('<time:2025-05-30T04:00:00+02:00>')).to.equal('<time datetime="2025-05-30T02:00:00Z">2025-05-30T04:00:00+02:00</time>');
  });

  it('a time that does not parse is shown as an error, its text escaped', function () {
    expect(inline('<time:soon & later>')).to.equal('<span class="timestamp-error">Invalid time format: soon &amp; later</span>');
  });

  it('inside code it stays text', function () {
    expect(inline('`<time:2025-05-30T02:00:00Z>`')).to.equal('<code>&lt;time:2025-05-30T02:00:00Z&gt;</code>');
  });
});
