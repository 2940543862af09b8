/**
 * The mark_read scenario's request, measured by the server's CPU: a server over a copy of the traffic
 * organization, then rounds of marking the firehose channel's 10,000 messages read in one request and
 * unread again, each timed and its server CPU (every thread) counted until the server is idle again.
 *
 *   npx tsx bench/tools/mark-read-cost.ts [rounds]
 *
 * Compare builds by alternating runs (each worktree's own dist/). BENCH_NODE_FLAGS profiles the server.
 */
import { withChatServer } from '../lib/chat-server-run.js';
import { median, round } from '../lib/stats.js';
import { seededOrg } from '../seed/seeded-org.js';

const rounds = Number(process.argv[2] ?? 8);
const traffic = { users: 10_000, channels: 100, subscribersPerChannel: 30, messages: 10_000, fanoutSubscribers: 10_000, firehoseMessages: 10_000 };
const { dir, org } = seededOrg(traffic);
const { reader, messageIds } = org.firehose;
const messages = JSON.stringify(messageIds);
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

await withChatServer(dir, async (server, api) => {
  const measured = { addMs: [] as number[], addCpuMs: [] as number[], removeCpuMs: [] as number[], registerCpuMs: [] as number[] };
  for (let run = 0; run <= rounds; run++) {
    await settle();
    let cpu = server.cpuMs();
    const started = performance.now();
    await api.call('POST', '/messages/flags', reader, { messages, op: 'add', flag: 'read' });
    const wall = performance.now() - started;
    await settle();
    const addCpu = server.cpuMs() - cpu;
    cpu = server.cpuMs();
    await api.call('POST', '/register', reader, { fetch_event_types: '["message","update_message_flags"]' });
    await settle();
    const registerCpu = server.cpuMs() - cpu;
    cpu = server.cpuMs();
    await api.call('POST', '/messages/flags', reader, { messages, op: 'remove', flag: 'read' });
    await settle();
    const removeCpu = server.cpuMs() - cpu;
    if (run === 0) continue;
    measured.addMs.push(wall);
    measured.addCpuMs.push(addCpu);
    measured.registerCpuMs.push(registerCpu);
    measured.removeCpuMs.push(removeCpu);
  }
  const summary = Object.fromEntries(Object.entries(measured).map(([name, values]) => [name, { median: round(median(values)), runs: values.map((each) => round(each)) }]));
  console.log(JSON.stringify(summary));
});
