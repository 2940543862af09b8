import { sameShape, sequentialTimes, withBareExpress } from '../lib/bare-express-run.js';
import { withChatServer } from '../lib/chat-server-run.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { median, round } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';

/**
 * The target: at most this many times bare express receiving the same request (10,000 ids, decoded and
 * checked) and answering as many bytes, in the same run (docs/topics/benchmark.md).
 */
export const MARK_READ_RATIO_TARGET = 5;

const timed = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
};

/** Marks the firehose channel's messages read in one POST /messages/flags, then registers to read the unread counts. */
export async function markRead(plan: BenchPlan, seedDir: string, org: SeededOrg): Promise<ScenarioResult> {
  const { reader, messageIds } = org.firehose;
  const messages = JSON.stringify(messageIds);
  const runs: number[] = [];
  const registers: number[] = [];
  let answerBytes = 0;
  await withChatServer(seedDir, async (_chat, api) => {
    for (let run = 0; run < plan.runs + 1; run++) {
      const [ms, body] = await timed(() => api.call('POST', '/messages/flags', reader, { messages, op: 'add', flag: 'read' }));
      const changed = (body.messages as number[]).length;
      answerBytes = Buffer.byteLength(JSON.stringify(body));
      if (changed !== messageIds.length) throw new Error(`marked ${changed} of ${messageIds.length}`);
      const [registerMs, state] = await timed(() => api.call('POST', '/register', reader, { fetch_event_types: '["message","update_message_flags"]' }));
      const unread = state.unread_msgs as { streams: { stream_id: number; unread_message_ids: number[] }[] };
      // The channel keeps one unread message of its own: the notification bot's notice of its creation.
      const marked = new Set(messageIds);
      const stillUnread = unread.streams.filter((entry) => entry.stream_id === org.firehose.channel.id).flatMap((entry) => entry.unread_message_ids.filter((id) => marked.has(id)));
      if (stillUnread.length > 0) throw new Error(`register still counts ${stillUnread.length} of the marked messages unread`);
      if (run > 0) {
        runs.push(ms);
        registers.push(registerMs);
      }
      // Unread again for the next run.
      await api.call('POST', '/messages/flags', reader, { messages, op: 'remove', flag: 'read' });
    }
  });
  const value = median(runs);
  const spec = { method: 'POST', path: '/api/v1/messages/flags', params: { messages, op: 'add', flag: 'read' } } as const;
  const bare = await withBareExpress(async (server) => sequentialTimes(server.url, sameShape(spec, answerBytes), Math.max(5, plan.runs * 3)));
  const ratio = value / bare.p50;
  return {
    value: round(value),
    unit: `ms to mark ${messageIds.length} messages read in one request`,
    baseline: round(bare.p50),
    baseline_unit: 'ms (p50 of bare express receiving the same request and answering as many bytes, same run)',
    ratio: round(ratio),
    target: `≤ ${MARK_READ_RATIO_TARGET} × bare express's`,
    met: ratio <= MARK_READ_RATIO_TARGET,
    runs: runs.map((each) => round(each)),
    register_after_ms: round(median(registers)),
    note: 'The first round is a warm-up; each round marks the same messages unread again afterwards. register_after_ms: POST /register with unread_msgs right after.',
  };
}
