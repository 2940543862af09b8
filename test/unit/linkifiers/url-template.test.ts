import { urlTemplateVariables } from '@chat/core';
import { expect } from 'chai';

describe('urlTemplateVariables (RFC 6570)', function () {
  it('names the variables of valid templates, at every level, in order of first use', function () {
    expect(urlTemplateVariables('https://github.com/zulip/zulip/issues/{id}')).to.deep.equal(['id']);
    expect(urlTemplateVariables('https://example.com/{+path}/x{?q,page}{#frag}')).to.deep.equal(['path', 'q', 'page', 'frag']);
    expect(urlTemplateVariables('https://example.com{/a,b*}{;c:3}{.d}{&e}{?a}')).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
    expect(urlTemplateVariables('https://example.com/%20{var.name}')).to.deep.equal(['var.name']);
    expect(urlTemplateVariables('https://example.com/plain')).to.deep.equal([]);
  });

  it('refuses unbalanced braces, reserved operators, bad names and modifiers, and characters URLs cannot hold', function () {
    for (const template of [
      'https://example.com/{id',
      'https://example.com/id}',
      'https://example.com/{}',
      'https://example.com/{=id}',
      'https://example.com/{!id}',
      'https://example.com/{i d}',
      'https://example.com/{id:0}',
      'https://example.com/{id:10000}',
      'https://example.com/{id,}',
      'https://example.com/a b/{id}',
      'https://example.com/<{id}>',
      'https://example.com/%zz/{id}',
    ]) {
      expect(urlTemplateVariables(template), template).to.equal(null);
    }
  });
});
