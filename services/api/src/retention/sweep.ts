import { channelRetentionDays, directRetentionDays, type MessageRecipient, retentionCutoff } from '@chat/core';
import { TimeSlicer } from '@chat/http';
import { REALM_KEY } from '@chat/projections';
import type { RetentionScope } from '@chat/readstore';
import type { Clocked, Reads, Uses } from '../dependencies.js';
import { batchKey, type ExpireBatchDeps, expireBatch } from './expire-batch.js';

/** How many messages one read of the store looks at (its cost is bounded by this, found or not). */
const SCAN_PAGE = 2000;

/**
 * After each batch the sweep rests this many times as long as the event loop was busy during the
 * batch (until its read models had applied it), so it takes about a fifth of the loop's time at
 * most: a batch's forgetting (clients told, flags and unreads cleared, keys destroyed) runs on the
 * event loop, and a sweep that never rested held every other request behind it (p99 of 10 s at
 * 1,000,000 messages). Time the batch spent waiting elsewhere (the key store's and the search
 * index's threads) costs no rest. Three, with batches of 25: others' delivery p99 70–76 ms beside a
 * sweep of 100,000 messages; four, with batches of 10: 42–45 ms (bench `retention`, session 18).
 */
export const REST_PER_BATCH_TIME = 4;

/**
 * Messages one sweep batch deletes at most (the public server archives 100 of a topic or 1,000 of a
 * conversation at once, the most a batch may hold here too). Applying a batch is one stretch of the
 * event loop: at 1,000,000 messages a batch of 100 held it for up to 80 ms, one of 25 (the search
 * index written in its own thread) 18 ms at p90 and 55 ms at p99; 10 keep each stretch shorter.
 */
export const SWEEP_BATCH_SIZE = 10;
const rest = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What sweepExpiredMessages uses. */
export type SweepDeps = ExpireBatchDeps & Clocked & Reads<'realm'> & Uses<'organization'>;

/** How far a sweep has come: every batch deleted so far. */
export interface SweepProgress {
  messages: number;
  batches: number;
}

/** What a sweep is told as it goes: count a batch, and whether to stop before the next one. */
export interface SweepControl {
  progress: SweepProgress;
  stopping(): boolean;
}

/**
 * The retention sweep (docs/topics/forgetting.md, "Retention"): every message sent longer ago than its
 * policy allows is deleted, as the public server's archiving does it. A channel keeps its own
 * `message_retention_days`, or the organization's when it has none (null); -1 keeps forever; archived
 * channels too. Direct messages follow the organization. The cut-off is the sweep's start.
 */
export async function sweepExpiredMessages(ctx: SweepDeps, control: SweepControl): Promise<void> {
  const now = ctx.clock.now();
  const realm = await ctx.models.realm.get(REALM_KEY);
  if (!realm) throw new Error('organization not initialised');
  const realmDays = realm.settings.message_retention_days;
  const { channelList } = await ctx.organization.current();
  for (const channel of channelList) {
    const days = channelRetentionDays(realmDays, channel);
    if (days !== null) await sweepScope(ctx, control, { channelId: channel.channel_id }, retentionCutoff(now, days), SWEEP_BATCH_SIZE);
    if (control.stopping()) return;
  }
  const directDays = directRetentionDays(realmDays);
  if (directDays !== null) await sweepScope(ctx, control, { direct: true }, retentionCutoff(now, directDays), SWEEP_BATCH_SIZE);
}

/**
 * One scope's expired messages, read page by page and gathered per topic or conversation; each batch
 * of `batchSize` (and what is left of each at the end) is deleted by a command of its own. Reading
 * pauses when its slice is used, so no other request waits behind the sweep for longer than a slice.
 */
async function sweepScope(ctx: SweepDeps, control: SweepControl, scope: RetentionScope, cutoff: number, batchSize: number): Promise<void> {
  const slicer = new TimeSlicer();
  const pending = new Map<string, { recipient: MessageRecipient; ids: number[] }>();
  const flush = async (group: { recipient: MessageRecipient; ids: number[] }) => {
    const ids = group.ids.splice(0);
    if (ids.length === 0 || control.stopping()) return;
    const before = performance.eventLoopUtilization();
    control.progress.messages += await expireBatch(ctx, group.recipient, ids, cutoff);
    control.progress.batches += 1;
    await rest(performance.eventLoopUtilization(before).active * REST_PER_BATCH_TIME);
  };
  for (let after = 0; ; ) {
    const page = await ctx.models.messages.sentBefore(scope, cutoff, after, SCAN_PAGE);
    for (const { id, recipient } of page.messages) {
      const key = batchKey(recipient);
      let group = pending.get(key);
      if (!group) pending.set(key, (group = { recipient, ids: [] }));
      group.ids.push(id);
      if (group.ids.length >= batchSize) await flush(group);
    }
    // Every page, the last of a scope too: a thousand channels of one page each must not hold the loop.
    await slicer.pause();
    if (page.next === null || control.stopping()) break;
    after = page.next;
  }
  for (const group of pending.values()) await flush(group);
}
