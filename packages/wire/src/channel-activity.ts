const DAY_MS = 86_400_000;
/** A channel with no message for this long is shown as inactive. */
export const INACTIVE_AFTER_DAYS = 180;

/** What the read side knows of a channel's traffic; messages fill it in. */
export interface ChannelTraffic {
  /** When the newest message was sent, ms; null without messages. */
  lastMessageAt: number | null;
  /** Messages sent in the last 28 days. */
  recentMessages: number;
}

export const NO_TRAFFIC: ChannelTraffic = { lastMessageAt: null, recentMessages: 0 };

/** Recently active: created or posted in within the last 180 days. */
export function isRecentlyActive(dateCreatedMs: number, traffic: ChannelTraffic, nowMs: number): boolean {
  const latest = Math.max(dateCreatedMs, traffic.lastMessageAt ?? 0);
  return nowMs - latest < INACTIVE_AFTER_DAYS * DAY_MS;
}

/** Two significant digits, as the traffic figure is only a rough guide. */
function roughly(n: number): number {
  if (n < 100) return n;
  const scale = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / scale) * scale;
}

/**
 * Average messages per week over the last four weeks (or the channel's age when younger);
 * null for a channel younger than a week, whose average would mean little.
 */
export function weeklyTraffic(dateCreatedMs: number, traffic: ChannelTraffic, nowMs: number): number | null {
  const ageDays = Math.floor((nowMs - dateCreatedMs) / DAY_MS);
  if (ageDays < 7) return null;
  let average = ageDays >= 28 ? Math.floor(traffic.recentMessages / 4) : Math.floor((traffic.recentMessages * 7) / ageDays);
  if (average === 0 && traffic.recentMessages > 0) average = 1;
  return roughly(average);
}

/**
 * Whole days since a channel was created. Without traffic figures, `isRecentlyActive` and
 * `weeklyTraffic` change only when this does: a record computed once holds for that whole day.
 */
export const channelAgeDays = (dateCreatedMs: number, nowMs: number): number => Math.floor((nowMs - dateCreatedMs) / DAY_MS);
