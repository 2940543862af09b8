import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { StoredEvent } from '@chat/core';
import type { EventLogReader } from '@chat/eventstore';
import { logOptions, openLogReader } from '../events/open-log.js';

/** One line of the analysis: how many messages a channel holds that were sent on a (UTC) day. */
export interface ChannelDay {
  channel_id: number;
  /** YYYY-MM-DD, UTC, of the message's sending. */
  day: string;
  messages: number;
}

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * An analyst's own read model, built from the log alone: messages per channel per day of sending.
 * A message counts where it is now: a move to another channel carries it there, a deletion takes it
 * out. Direct messages are left out.
 */
export class MessagesPerChannelPerDay {
  /** Where each channel message is counted now. */
  private readonly placed = new Map<number, { channel_id: number; day: string }>();
  private readonly counts = new Map<string, ChannelDay>();

  apply(event: StoredEvent): void {
    if (event.type === 'MessageSent') {
      const { recipient, message_id } = event.data;
      if (recipient.type === 'channel') this.place(message_id, recipient.channel_id, dayOf(event.metadata.occurred_at));
    } else if (event.type === 'MessagesMoved') {
      for (const id of event.data.message_ids) {
        const day = this.unplace(id);
        if (day !== undefined) this.place(id, event.data.to.channel_id, day);
      }
    } else if (event.type === 'MessagesDeleted') {
      for (const id of event.data.message_ids) this.unplace(id);
    }
  }

  /** By channel, then day. */
  rows(): ChannelDay[] {
    return [...this.counts.values()].filter((row) => row.messages > 0).sort((a, b) => a.channel_id - b.channel_id || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  }

  private place(id: number, channel_id: number, day: string): void {
    this.placed.set(id, { channel_id, day });
    const key = `${channel_id}|${day}`;
    const row = this.counts.get(key) ?? { channel_id, day, messages: 0 };
    row.messages += 1;
    this.counts.set(key, row);
  }

  /** Takes a message out of its count; answers the day it was sent, if it was counted. */
  private unplace(id: number): string | undefined {
    const where = this.placed.get(id);
    if (!where) return undefined;
    this.placed.delete(id);
    const row = this.counts.get(`${where.channel_id}|${where.day}`);
    if (row) row.messages -= 1;
    return where.day;
  }
}

/** Reads the whole log through the reader the events CLI uses and answers the analysis. */
export async function messagesPerChannelPerDay(log: EventLogReader): Promise<ChannelDay[]> {
  const analysis = new MessagesPerChannelPerDay();
  for await (const event of log.readAll()) analysis.apply(event);
  return analysis.rows();
}

/** `node --import tsx tools/analysis/messages-per-channel-per-day.ts [--data-dir D | --esdb-url U]`: CSV on stdout. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: logOptions, strict: true });
  const log = await openLogReader(values, process.env);
  try {
    process.stdout.write('channel_id,day,messages\n');
    for (const row of await messagesPerChannelPerDay(log)) process.stdout.write(`${row.channel_id},${row.day},${row.messages}\n`);
  } finally {
    await log.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
