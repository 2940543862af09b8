import { FlagBit, type MessageReaction, type MessageState } from '@chat/core';
import type { MessageReceivers, MessageStore, StoredMessage, UserMessageRow } from '@chat/readstore';

export const ADA = 10;
export const BOB = 11;
export const CY = 12;
export const DI = 13;

export const GENERAL = 1;
export const RANDOM = 2;

interface MessageOptions {
  sender?: number;
  content?: string;
  rendered?: string;
  reactions?: MessageReaction[];
}

function message(id: number, recipient: MessageState['recipient'], options: MessageOptions): MessageState {
  const content = options.content ?? `message ${id}`;
  return {
    id,
    sender_id: options.sender ?? ADA,
    recipient,
    content,
    rendered_content: options.rendered ?? `<p>${content}</p>`,
    date_sent: 1_700_000_000_000 + id,
    client: 'contract',
    is_me_message: false,
    last_edit_timestamp: null,
    last_moved_timestamp: null,
    edit_history: [],
    reactions: options.reactions ?? [],
  };
}

export const channelMessage = (id: number, channel_id: number, topic: string, options: MessageOptions = {}): MessageState =>
  message(id, { type: 'channel', channel_id, topic }, options);

/** `user_ids` as given: the store must not depend on their order. */
export const directMessage = (id: number, user_ids: number[], options: MessageOptions = {}): MessageState =>
  message(id, { type: 'direct', user_ids }, options);

export const stored = (msg: MessageState, recipient_id: number): StoredMessage => ({ ...msg, recipient_id });

export const rows = (...pairs: [number, number][]): UserMessageRow[] => pairs.map(([user_id, flags]) => ({ user_id, flags }));
/** A new message's receivers, as insert takes them, from the same pairs. */
export const receivers = (...pairs: [number, number][]): MessageReceivers => ({ user_ids: pairs.map(([userId]) => userId), flags: pairs.map(([, flags]) => flags) });

/** A Map as sorted entries, so comparisons do not depend on insertion order. */
export const entries = (map: Map<number, number>): [number, number][] => [...map.entries()].sort((a, b) => a[0] - b[0]);

const READ = FlagBit.read;
const REACTION: MessageReaction = { emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji', user_id: BOB };

/**
 * Ten messages, ids 10..100. Ada's history: every one but 60 (a GENERAL message only Bob received).
 * Ada's unread: 30, 50, 80, 100.
 */
export const WORLD = {
  adaHistory: [10, 20, 30, 40, 50, 70, 80, 90, 100],
  general: [10, 20, 50, 60, 80, 100],
  random: [40, 90],
  messages: [
    [channelMessage(10, GENERAL, 'Alpha', { sender: BOB, content: 'Good morning' }), rows([ADA, READ], [BOB, READ])],
    [channelMessage(20, GENERAL, '✔ Shipped', { content: 'Release is out' }), rows([ADA, READ], [BOB, 0])],
    [directMessage(30, [BOB, ADA], { sender: BOB, content: 'Lunch today?' }), rows([ADA, 0], [BOB, READ])],
    [
      channelMessage(40, RANDOM, 'alpha', { sender: CY, content: 'See the docs', rendered: '<p>See <a href="https://x.test">docs</a></p>' }),
      rows([ADA, READ | FlagBit.starred], [CY, READ]),
    ],
    [channelMessage(50, GENERAL, 'ALPHA', { sender: BOB, content: 'Deploy the NEW build' }), rows([ADA, 0], [BOB, READ])],
    [channelMessage(60, GENERAL, 'Alpha', { sender: BOB, content: 'Only Bob got this' }), rows([BOB, READ])],
    [
      directMessage(70, [ADA, CY], { sender: CY, content: 'A picture', rendered: '<p><img src="/p.png"></p>' }),
      rows([ADA, READ], [CY, READ]),
    ],
    [channelMessage(80, GENERAL, '✔ Shipped', { sender: CY, content: 'new lunch plan' }), rows([ADA, FlagBit.mentioned], [CY, READ])],
    [
      channelMessage(90, RANDOM, 'Release notes', { content: 'Draft notes [attached](/user_uploads/1/n.txt)', rendered: '<p>Draft notes <a href="/user_uploads/1/n.txt">attached</a></p>' }),
      rows([ADA, READ], [CY, 0]),
    ],
    [channelMessage(100, GENERAL, 'alpha', { content: 'Thanks all', reactions: [REACTION] }), rows([ADA, 0], [BOB, 0])],
  ] as [MessageState, UserMessageRow[]][],
};

export async function seedWorld(store: MessageStore): Promise<void> {
  let position = 1000;
  for (const [msg, msgRows] of WORLD.messages) await store.insert(msg, { user_ids: msgRows.map((row) => row.user_id), flags: msgRows.map((row) => row.flags) }, (position += 1));
}
