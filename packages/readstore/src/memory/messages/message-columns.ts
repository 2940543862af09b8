import type { MessageEdit, MessageReaction, MessageRecipient, MessageState } from '@chat/core';
import type { MessageHead, StoredMessage } from '../../messages/message-store.js';
import { grown, Interned } from './growable.js';
import type { MessageBody } from './message-bodies.js';

export type { MessageHead };

/** Fields most messages leave empty, kept only for those that have one. */
export interface RareFields {
  last_edit_timestamp: number | null;
  last_moved_timestamp: number | null;
  edit_history: MessageEdit[];
  reactions: MessageReaction[];
}

const PRESENT = 1;
const ME = 2;
const DIRECT = 4;

/** The columns a snapshot saves, by name. */
export interface ColumnArrays {
  bits: Uint8Array;
  sender: Int32Array;
  recipientId: Int32Array;
  place: Int32Array;
  topic: Int32Array;
  client: Int32Array;
  sent: Float64Array;
}

/** The tables and rare fields a snapshot saves beside the columns. */
export interface ColumnTables {
  end: number;
  topics: string[];
  clients: string[];
  conversations: number[][];
  rare: [number, RareFields][];
}

/**
 * Every message's fields but its body, one typed array per field indexed by the (dense) message id:
 * about 30 bytes a message instead of an object, its recipient object and its strings. Topics, client
 * names and direct conversations are kept once each and numbered; edits, reactions and the edit and
 * move times (rare) in a map. Objects are made when a message is read, and never reused.
 */
export class MessageColumns {
  private a: ColumnArrays = empty();
  private rare = new Map<number, RareFields>();
  private readonly topics = new Interned<string>((topic) => topic);
  private readonly clients = new Interned<string>((client) => client);
  private readonly conversations = new Interned<number[]>((ids) => ids.join(','));
  /** One more than the highest id ever stored. */
  private end = 0;

  has(id: number): boolean {
    return ((this.a.bits[id] ?? 0) & PRESENT) !== 0;
  }

  set(message: MessageState, recipient_id: number): void {
    const id = message.id;
    if (id >= this.a.bits.length) this.grow(id + 1);
    const { recipient } = message;
    const a = this.a;
    a.bits[id] = PRESENT | (message.is_me_message ? ME : 0) | (recipient.type === 'direct' ? DIRECT : 0);
    a.sender[id] = message.sender_id;
    a.recipientId[id] = recipient_id;
    if (recipient.type === 'channel') {
      a.place[id] = recipient.channel_id;
      a.topic[id] = this.topics.of(recipient.topic);
    } else {
      a.place[id] = this.conversations.of(recipient.user_ids);
      a.topic[id] = -1;
    }
    a.client[id] = this.clients.of(message.client);
    a.sent[id] = message.date_sent;
    const rare = message.edit_history.length > 0 || message.reactions.length > 0 || message.last_edit_timestamp !== null || message.last_moved_timestamp !== null;
    if (rare) {
      const { last_edit_timestamp, last_moved_timestamp, edit_history, reactions } = message;
      this.rare.set(id, { last_edit_timestamp, last_moved_timestamp, edit_history, reactions });
    } else this.rare.delete(id);
    if (id >= this.end) this.end = id + 1;
  }

  delete(id: number): void {
    if (!this.has(id)) return;
    this.a.bits[id] = 0;
    this.rare.delete(id);
  }

  senderOf(id: number): number | undefined {
    return this.has(id) ? this.a.sender[id] : undefined;
  }

  /** The topic of a channel message (as stored), undefined for a direct one or an unknown id. */
  topicOf(id: number): string | undefined {
    return this.has(id) && this.a.topic[id] >= 0 ? this.topics.values[this.a.topic[id]] : undefined;
  }

  recipientIdOf(id: number): number {
    return this.a.recipientId[id];
  }

  /** A fresh recipient object of a stored message. */
  recipientOf(id: number): MessageRecipient {
    const a = this.a;
    if ((a.bits[id] & DIRECT) !== 0) return { type: 'direct', user_ids: [...this.conversations.values[a.place[id]]] };
    return { type: 'channel', channel_id: a.place[id], topic: this.topics.values[a.topic[id]] };
  }

  head(id: number): MessageHead {
    return { id, sender_id: this.a.sender[id], recipient: this.recipientOf(id), date_sent: this.a.sent[id] };
  }

  /** The stored message with its body, as a new object. */
  message(id: number, body: MessageBody): StoredMessage {
    const a = this.a;
    const rare = this.rare.get(id);
    return {
      id,
      sender_id: a.sender[id],
      recipient: this.recipientOf(id),
      content: body.content,
      rendered_content: body.rendered_content,
      date_sent: a.sent[id],
      client: this.clients.values[a.client[id]],
      is_me_message: (a.bits[id] & ME) !== 0,
      last_edit_timestamp: rare?.last_edit_timestamp ?? null,
      last_moved_timestamp: rare?.last_moved_timestamp ?? null,
      edit_history: rare ? rare.edit_history : [],
      reactions: rare ? rare.reactions : [],
      recipient_id: a.recipientId[id],
    };
  }

  /** When a stored message was sent (ms since the epoch). */
  sentOf(id: number): number {
    return this.a.sent[id];
  }

  /** Whether the id is a stored direct message. */
  isDirect(id: number): boolean {
    return ((this.a.bits[id] ?? 0) & (PRESENT | DIRECT)) === (PRESENT | DIRECT);
  }

  /** One more than the highest id ever stored. */
  get idEnd(): number {
    return this.end;
  }

  /** The stored ids, ascending. */
  *ids(): IterableIterator<number> {
    for (let id = 0; id < this.end; id++) if ((this.a.bits[id] & PRESENT) !== 0) yield id;
  }

  /** Visits every channel message in id order, without making an object for it. */
  forEachInChannel(visit: (id: number, channelId: number, topic: string, senderId: number) => void): void {
    const a = this.a;
    const topics = this.topics.values;
    for (let id = 0; id < this.end; id++) {
      if ((a.bits[id] & (PRESENT | DIRECT)) === PRESENT) visit(id, a.place[id], topics[a.topic[id]], a.sender[id]);
    }
  }

  /** Copies of the columns and tables as they stand, for a snapshot. */
  image(): { arrays: ColumnArrays; tables: ColumnTables } {
    const a = this.a;
    const end = this.end;
    return {
      arrays: {
        bits: a.bits.slice(0, end),
        sender: a.sender.slice(0, end),
        recipientId: a.recipientId.slice(0, end),
        place: a.place.slice(0, end),
        topic: a.topic.slice(0, end),
        client: a.client.slice(0, end),
        sent: a.sent.slice(0, end),
      },
      tables: { end, topics: [...this.topics.values], clients: [...this.clients.values], conversations: [...this.conversations.values], rare: [...this.rare] },
    };
  }

  /** Takes over saved columns (which may be longer than `tables.end`: room to grow) and tables. */
  restore(arrays: ColumnArrays, tables: ColumnTables): void {
    this.a = arrays;
    this.end = tables.end;
    this.topics.load(tables.topics);
    this.clients.load(tables.clients);
    this.conversations.load(tables.conversations);
    this.rare = new Map(tables.rare);
  }

  clear(): void {
    this.a = empty();
    this.rare.clear();
    this.topics.clear();
    this.clients.clear();
    this.conversations.clear();
    this.end = 0;
  }

  private grow(size: number): void {
    const a = this.a;
    const int = (length: number) => new Int32Array(length);
    this.a = {
      bits: grown(a.bits, size, (length) => new Uint8Array(length)),
      sender: grown(a.sender, size, int),
      recipientId: grown(a.recipientId, size, int),
      place: grown(a.place, size, int),
      topic: grown(a.topic, size, int),
      client: grown(a.client, size, int),
      sent: grown(a.sent, size, (length) => new Float64Array(length)),
    };
  }
}

const empty = (): ColumnArrays => ({
  bits: new Uint8Array(0),
  sender: new Int32Array(0),
  recipientId: new Int32Array(0),
  place: new Int32Array(0),
  topic: new Int32Array(0),
  client: new Int32Array(0),
  sent: new Float64Array(0),
});
