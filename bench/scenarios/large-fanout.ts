import { authOf } from '../lib/chat-api.js';
import { withChatServer } from '../lib/chat-server-run.js';
import { freePort } from '../lib/free-port.js';
import { HttpClient } from '../lib/http-client.js';
import { runLoad } from '../lib/load-process.js';
import type { PollingUser, PollResult } from '../lib/load-tasks.js';
import type { BenchPlan, ScenarioResult } from '../lib/scenario.js';
import { startProcess } from '../lib/server-process.js';
import { median, round } from '../lib/stats.js';
import type { SeededOrg } from '../seed/seeded-org.js';

const epochNow = (): number => performance.timeOrigin + performance.now();

/** Holds one poll per user, waits for `held` (when given), triggers, and returns ms from the trigger to the last arrival. */
async function releaseTime(url: string, users: PollingUser[], trigger: () => Promise<void>, held?: () => Promise<void>): Promise<number> {
  const polling = runLoad<PollResult>({ kind: 'poll', url, users, durationMs: 120_000, expectMessages: users.length });
  await polling.ready;
  await held?.();
  const started = epochNow();
  await trigger();
  const result = await polling.result;
  if (result.messages < users.length) throw new Error(`only ${result.messages} of ${users.length} polls received the event (${result.failed} polls failed)`);
  return result.lastArrival - started;
}

/** Waits until the bare server holds every poll: it would leave a poll that arrives after the release waiting. */
async function allHeld(client: HttpClient, count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await client.request({ method: 'GET', path: '/held' });
    const { held } = JSON.parse(res.body) as { held: number };
    if (held >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${held} of ${count} polls reached the bare server`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One message to a channel whose every subscriber holds a waiting long-poll; baseline: bare node:http releasing as many held responses. */
export async function largeFanout(plan: BenchPlan, seedDir: string, org: SeededOrg): Promise<ScenarioResult> {
  const channel = org.fanoutChannel;
  const members = org.users.filter((user) => channel.subscribers.includes(user.id));
  const runs: number[] = [];
  const baselines: number[] = [];
  // Two more rounds than other scenarios: ten thousand connections on two cores make single rounds
  // swing by 2× either way, on the bare server as on the chat server.
  for (let run = 0; run < plan.runs + 2; run++) {
    await withChatServer(seedDir, async (chat, api) => {
      const pollers = await api.queues(members);
      runs.push(
        await releaseTime(chat.url, pollers, async () => {
          await api.call('POST', '/messages', members[0], { type: 'stream', to: channel.name, topic: 'everyone', content: 'Hello, everyone' });
        }),
      );
    });
    const port = await freePort();
    const bare = await startProcess('bench/baselines/bare-http.ts', [], { PORT: String(port) }, `http://127.0.0.1:${port}`);
    const client = new HttpClient(bare.url, 4);
    try {
      const held = members.map((user): PollingUser => ({ auth: authOf(user), queueId: 'q', lastEventId: -1 }));
      baselines.push(
        await releaseTime(
          bare.url,
          held,
          async () => {
            await client.request({ method: 'POST', path: '/release' });
          },
          () => allHeld(client, held.length),
        ),
      );
    } finally {
      client.close();
      await bare.stop();
    }
  }
  const value = median(runs);
  const baseline = median(baselines);
  // Each round releases on the chat server and then on the bare one, back to back: the median of the
  // rounds' ratios keeps a slow spell of the machine from falling on one side only.
  const ratio = median(runs.map((each, index) => each / baselines[index]));
  return {
    value: round(value),
    unit: 'ms until the last of the waiting polls answered',
    baseline: round(baseline),
    baseline_unit: 'ms (bare node:http releasing as many held responses)',
    ratio: round(ratio),
    target: '≤ 2 × the bare node:http release time',
    met: ratio <= 2,
    runs: runs.map((each) => round(each)),
    baseline_runs: baselines.map((each) => round(each)),
    note: `${members.length} subscribers, each with one waiting GET /events; the time includes the send request itself; the ratio is the median of the rounds' ratios.`,
  };
}
