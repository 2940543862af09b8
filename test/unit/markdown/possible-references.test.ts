import { possibleReferences } from '@chat/markdown';
import { expect } from 'chai';

describe('possibleReferences', function () {
  it('lists the names and ids to look up before rendering', function () {
    const content = '@**Ada Lovelace** @_**Sam Lee|9** @**|12** @*support* @_*ops* #**general>lunch** #**random** :smile: :green_tick: @**all**';
    expect(possibleReferences(content)).to.deep.equal({
      user_names: ['Ada Lovelace', 'Sam Lee'],
      user_ids: [9, 12],
      group_names: ['support', 'ops'],
      channel_names: ['general', 'general>lunch', 'random'],
      emoji_names: ['smile', 'green_tick'],
      has_stream_wildcard: true,
      has_topic_wildcard: false,
    });
  });

  it('lists nothing for plain text', function () {
    expect(possibleReferences('hello, ada@example.com at 10:30')).to.deep.equal({
      user_names: [],
      user_ids: [],
      group_names: [],
      channel_names: [],
      emoji_names: [],
      has_stream_wildcard: false,
      has_topic_wildcard: false,
    });
  });
});
