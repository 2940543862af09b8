import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authOf } from '../lib/chat-api.js';
import { withChatServer } from '../lib/chat-server-run.js';
import { runLoad } from '../lib/load-process.js';
import type { PacedTask, PollResult } from '../lib/load-tasks.js';
import type { BenchPlan } from '../lib/scenario.js';
import { quantile } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';

export const OUTGOING_RATE = 20;
const WARM_UP_SECONDS = 3;
const BOT_NAME = 'Bench hook';
const now = (): number => performance.timeOrigin + performance.now();

/** A local service for the bot: records how long after its send each stamped mention arrived, and answers with a reply. */
async function startReceiver(): Promise<{ url: string; latenciesMs: number[]; close: () => Promise<void> }> {
  const latenciesMs: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const arrived = now();
      const data = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: string }).data ?? '');
      const stamp = /t=(\d+(?:\.\d+)?)/.exec(data);
      if (stamp?.[1]) latenciesMs.push(arrived - Number(stamp[1]));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"content":"pong"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, latenciesMs, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Each run's p99s, as the integrations scenario reports them. */
export interface OutgoingWebhookRuns {
  hookP99s: number[];
  deliveryP99s: number[];
  /** Calls timed in the last run. */
  calls: number;
  members: number;
}

/**
 * An outgoing-webhook bot is mentioned 20 times a second in a 30-subscriber channel whose members
 * long-poll GET /events; its service is a local receiver that answers each with a reply (posted to the
 * channel as the bot). Timed: send to the receiver's arrival, and send to the members' delivery.
 */
export async function outgoingWebhookRuns(plan: BenchPlan, seedDir: string, org: SeededOrg): Promise<OutgoingWebhookRuns> {
  const channel = org.channels[0];
  const members = org.users.filter((user) => channel.subscribers.includes(user.id));
  const [sender] = members;
  if (!sender) throw new Error('the channel has no members');
  const hookP99s: number[] = [];
  const deliveryP99s: number[] = [];
  let calls = 0;
  for (let run = 0; run < plan.runs; run++) {
    const receiver = await startReceiver();
    try {
      await withChatServer(seedDir, async (chat, api) => {
        await api.call('POST', '/bots', sender, { full_name: BOT_NAME, short_name: 'benchhook', bot_type: '3', payload_url: receiver.url });
        const pollers = await api.queues(members);
        const durationMs = (WARM_UP_SECONDS + plan.latencySeconds) * 1000;
        const polling = runLoad<PollResult>({ kind: 'poll', url: chat.url, users: pollers, durationMs: durationMs + 3000, expectMessages: 0 });
        await polling.ready;
        const sending: PacedTask = {
          kind: 'paced',
          url: chat.url,
          rate: OUTGOING_RATE,
          durationMs,
          unstampedMs: WARM_UP_SECONDS * 1000,
          request: { method: 'POST', path: '/api/v1/messages', params: { type: 'stream', to: channel.name, topic: 'hooks', content: `@**${BOT_NAME}** probe` }, auth: authOf(sender) },
        };
        const sent = await runLoad<{ sent: number; failed: number }>(sending).result;
        if (sent.failed > 0) throw new Error(`${sent.failed} sends failed`);
        const result = await polling.result;
        if (result.failed > 0) throw new Error(`${result.failed} polls failed`);
        if (receiver.latenciesMs.length === 0) throw new Error('the receiver was never called');
        hookP99s.push(quantile(receiver.latenciesMs, 0.99));
        deliveryP99s.push(quantile(result.latenciesMs, 0.99));
        calls = receiver.latenciesMs.length;
      }, { CHAT_WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
    } finally {
      await receiver.close();
    }
  }
  return { hookP99s, deliveryP99s, calls, members: members.length };
}
