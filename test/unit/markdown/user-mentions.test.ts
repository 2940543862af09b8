import { expect } from 'chai';
import { ADA, factsOf, FORMER, inline, NO_MENTIONS, render, SAM_TWO } from './render-world-fixture.js';

describe('renderMessage: user mentions', function () {
  it('@**Name** mentions the user and shows the name as stored', function () {
    const rendered = render('hi @**ada lovelace**');
    expect(rendered.html).to.equal('<p>hi <span class="user-mention" data-user-id="7">@Ada Lovelace</span></p>');
    expect(factsOf(rendered)).to.deep.equal({ ...NO_MENTIONS, mentioned_user_ids: [ADA.id] });
  });

  it('@**Name|id** mentions that user, even when others share the name', function () {
    const rendered = render('@**Sam Lee|9**');
    expect(rendered.html).to.equal('<p><span class="user-mention" data-user-id="9">@Sam Lee</span></p>');
    expect(rendered.mentioned_user_ids).to.deep.equal([SAM_TWO.id]);
  });

  it('@**|id** mentions by id alone', function () {
    expect(inline('@**|7**')).to.equal('<span class="user-mention" data-user-id="7">@Ada Lovelace</span>');
  });

  it('a shared name without an id mentions nobody and stays ordinary Markdown', function () {
    const rendered = render('@**Sam Lee**');
    expect(rendered.html).to.equal('<p>@<strong>Sam Lee</strong></p>');
    expect(factsOf(rendered)).to.deep.equal(NO_MENTIONS);
  });

  it('an unknown name mentions nobody', function () {
    const rendered = render('@**Nobody Here** and @_**Nobody Here**');
    expect(rendered.html).to.equal('<p>@<strong>Nobody Here</strong> and @_<strong>Nobody Here</strong></p>');
    expect(factsOf(rendered)).to.deep.equal(NO_MENTIONS);
  });

  it('an id whose user has another name, or no user, mentions nobody', function () {
    expect(render('@**Ada Lovelace|8**').mentioned_user_ids).to.deep.equal([]);
    expect(render('@**Ada Lovelace|99**').mentioned_user_ids).to.deep.equal([]);
    expect(inline('@**|99**')).to.equal('@<strong>|99</strong>');
  });

  it('@_**Name** is silent: shown without the @, mentioning nobody', function () {
    const rendered = render('@_**Ada Lovelace**');
    expect(rendered.html).to.equal('<p><span class="user-mention silent" data-user-id="7">Ada Lovelace</span></p>');
    expect(factsOf(rendered)).to.deep.equal(NO_MENTIONS);
  });

  it('a deactivated user is shown silently and mentions nobody', function () {
    const rendered = render('@**Former Colleague**');
    expect(rendered.html).to.equal(`<p><span class="user-mention silent" data-user-id="${FORMER.id}">Former Colleague</span></p>`);
    expect(rendered.mentioned_user_ids).to.deep.equal([]);
  });

  it('lists each mentioned user once, in ascending order', function () {
    expect(render('@**Sam Lee|9** @**Ada Lovelace** @**|9** @_**Sam Lee|8**').mentioned_user_ids).to.deep.equal([7, 9]);
  });

  it('a mention starts the text or follows a space or an opening character, so an address is not one', function () {
    expect(render('(@**Ada Lovelace**) "@**Ada Lovelace**" [@**Ada Lovelace**]').mentioned_user_ids).to.deep.equal([7]);
    expect(inline('ada@**Ada Lovelace**')).to.equal('ada@<strong>Ada Lovelace</strong>');
  });

  it('a mention does not run over a line break', function () {
    expect(render('@**Ada\nLovelace**').mentioned_user_ids).to.deep.equal([]);
  });
});
