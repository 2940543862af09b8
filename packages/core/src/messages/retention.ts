import { badRequest } from '../errors.js';
import type { MessagesDeleted } from '../events/message-deletion-events.js';
import type { MessageRecipient } from './message-state.js';

const DAY_MS = 86_400_000;

/** Messages of one channel topic a retention batch deletes at most, as the public server archives a channel's. */
export const RETENTION_CHANNEL_BATCH_SIZE = 100;
/** Direct messages of one conversation a retention batch deletes at most, as the public server archives direct messages. */
export const RETENTION_DIRECT_BATCH_SIZE = 1000;

/** The most days a policy may keep messages: the public server stores them in a 32-bit integer. */
export const MAX_RETENTION_DAYS = 2_147_483_647;

/**
 * `message_retention_days` as the public API takes it: a whole number of days from 1 up, or one of the
 * words `special` maps (the organization's "unlimited"; a channel's "unlimited" and "realm_default").
 * A number written as a string is refused, as there.
 */
export function parseRetentionDays<T extends number | null>(value: number | string, special: Readonly<Record<string, T>>): number | T {
  if (typeof value === 'string' && Object.hasOwn(special, value)) return special[value];
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > MAX_RETENTION_DAYS) {
    const words = Object.keys(special).map((word) => `"${word}"`).join(' or ');
    throw badRequest(`Invalid 'message_retention_days': must be a whole number of days from 1 to ${MAX_RETENTION_DAYS} or ${words}, not ${JSON.stringify(value)}`);
  }
  return value;
}

/** The organization's words: "unlimited" keeps messages forever (-1). */
export const REALM_RETENTION_WORDS = { unlimited: -1 } as const;
/** A channel's words: "unlimited" keeps its messages forever (-1), "realm_default" follows the organization (null). */
export const CHANNEL_RETENTION_WORDS = { unlimited: -1, realm_default: null } as const;

/** A channel's own retention: days, -1 kept forever, null the organization's. */
export interface ChannelRetention {
  message_retention_days: number | null;
}

/**
 * How many days a channel's messages are kept, or null when they are kept forever: the channel's own
 * days, or the organization's when it has none (null). Archived channels follow the same rule.
 */
export function channelRetentionDays(realmDays: number, channel: ChannelRetention): number | null {
  const days = channel.message_retention_days ?? realmDays;
  return days > 0 ? days : null;
}

/** How many days direct messages are kept (the organization's setting), or null when forever. */
export const directRetentionDays = (realmDays: number): number | null => (realmDays > 0 ? realmDays : null);

/** Messages sent before this instant (ms since the epoch) have expired under a policy of `days`. */
export const retentionCutoff = (now: number, days: number): number => now - days * DAY_MS;

/** What one retention batch deletes: messages of one topic or conversation, and what depended on them. */
export interface RetentionBatch {
  recipient: MessageRecipient;
  messageIds: readonly number[];
  /** Users holding any of them. */
  holders: readonly number[];
  /** The files any of them link. */
  attachmentIds: readonly number[];
}

/** The deletion of one batch by the retention policy: nothing left (deleted meanwhile), nothing recorded. */
export function decideRetentionBatch(batch: RetentionBatch): MessagesDeleted[] {
  const limit = batch.recipient.type === 'channel' ? RETENTION_CHANNEL_BATCH_SIZE : RETENTION_DIRECT_BATCH_SIZE;
  if (batch.messageIds.length > limit) throw new Error(`a retention batch holds at most ${limit} messages, not ${batch.messageIds.length}`);
  if (batch.messageIds.length === 0) return [];
  const ascending = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
  return [
    {
      type: 'MessagesDeleted',
      data: {
        message_ids: ascending(batch.messageIds),
        recipient: batch.recipient,
        holders: ascending(batch.holders),
        attachment_ids: ascending(batch.attachmentIds),
        reason: 'retention',
      },
    },
  ];
}
