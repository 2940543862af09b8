import { expect } from 'chai';
import { type MessagePushFacts, messagePushPayload, PUSH_CONTENT_LENGTH, pushContent } from '@chat/core';

const facts = (overrides: Partial<MessagePushFacts> = {}): MessagePushFacts => ({
  realm_name: 'Test Org',
  realm_url: 'https://chat.example',
  message_id: 42,
  sender: { user_id: 7, email: 'alice@example.com', full_name: 'Alice' },
  recipient: { type: 'channel', channel_id: 3, topic: 'lunch' },
  channel_name: 'general',
  rendered_content: '<p>Hi <span class="user-mention">@Bob</span> &amp; all</p>',
  sent_at: 1_767_225_600_999,
  ...overrides,
});

describe('message push payload', function () {
  it('names the organization, the receiver, the sender, the channel and topic, with the text and the time in seconds', function () {
    expect(messagePushPayload(facts(), 9)).to.deep.equal({
      event: 'message',
      realm_name: 'Test Org',
      realm_url: 'https://chat.example',
      user_id: 9,
      message_id: 42,
      sender_id: 7,
      sender_email: 'alice@example.com',
      sender_full_name: 'Alice',
      recipient_type: 'channel',
      channel_id: 3,
      channel_name: 'general',
      topic: 'lunch',
      content: 'Hi @Bob & all',
      content_truncated: false,
      time: 1_767_225_600,
    });
  });

  it('a direct message names its type; a group conversation lists everyone', function () {
    const oneToOne = messagePushPayload(facts({ recipient: { type: 'direct', user_ids: [7, 9] }, channel_name: null }), 9);
    expect(oneToOne).to.include({ recipient_type: 'direct' }).and.not.have.any.keys('recipient_user_ids', 'channel_id', 'topic');
    const group = messagePushPayload(facts({ recipient: { type: 'direct', user_ids: [7, 8, 9] }, channel_name: null }), 9);
    expect(group).to.deep.include({ recipient_type: 'direct', recipient_user_ids: [7, 8, 9] });
  });

  it('cuts long text at the limit with an ellipsis, counting characters, not UTF-16 units', function () {
    const long = pushContent(`<p>${'😀'.repeat(PUSH_CONTENT_LENGTH + 5)}</p>`);
    expect(long.truncated).to.equal(true);
    expect([...long.content]).to.have.length(PUSH_CONTENT_LENGTH);
    expect(long.content.endsWith('😀…')).to.equal(true);
    expect(pushContent('<p>a\n\n<b>b</b></p>')).to.deep.equal({ content: 'a b', truncated: false });
  });
});
