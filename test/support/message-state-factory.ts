import type { MessageState } from '@chat/core';

/** A message as the read model holds it: message 50 from user 7 to topic `lunch` of channel 10, unless overridden. */
export function aMessageState(overrides: Partial<MessageState> = {}): MessageState {
  return {
    id: 50,
    sender_id: 7,
    recipient: { type: 'channel', channel_id: 10, topic: 'lunch' },
    content: 'hi',
    rendered_content: '<p>hi</p>',
    date_sent: 1_700_000_000_000,
    client: 'test',
    is_me_message: false,
    last_edit_timestamp: null,
    last_moved_timestamp: null,
    edit_history: [],
    reactions: [],
    ...overrides,
  };
}
