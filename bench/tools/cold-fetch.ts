/**
 * The first 5,000-message fetch after a start, sealed against unsealed (sealing_cost's cold fetch,
 * alone): each round starts both servers on fresh copies without their snapshots (replayingCopy, as
 * the scenario does), fetches once, and prints wall and server CPU milliseconds of that fetch. Extra node flags via BENCH_NODE_FLAGS.
 *   node --import tsx bench/tools/cold-fetch.ts <sealedDir> <clearDir> [rounds]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { authOf } from '../lib/chat-api.js';
import { freePort } from '../lib/free-port.js';
import { HttpClient } from '../lib/http-client.js';
import { mainThreadCpuMilliseconds, startChatServer } from '../lib/server-process.js';
import { removeDir, replayingCopy, type SeededOrg } from '../seed/seeded-org.js';

const [sealedDir, clearDir, roundsArg] = process.argv.slice(2);
const sides = [
  { name: 'sealed', dir: sealedDir, env: {} },
  { name: 'unsealed', dir: clearDir, env: { CHAT_LOG_SEALING: 'off' } },
];
for (let round = 0; round < Number(roundsArg ?? 3); round++) {
  const order = round % 2 === 0 ? sides : [...sides].reverse();
  for (const side of order) {
    const org = JSON.parse(readFileSync(join(side.dir, 'bench-org.json'), 'utf8')) as SeededOrg;
    const dir = replayingCopy(side.dir);
    const server = await startChatServer(dir, await freePort(), side.env);
    const http = new HttpClient(server.url, 1);
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const narrow = JSON.stringify([{ operator: 'channel', operand: org.firehose.channel.id }]);
      // Markers between the servers' own traces (BENCH_SERVER_LOG=1 with BENCH_NODE_FLAGS=--trace-gc).
      console.log(`-- fetch start ${side.name}`);
      const cpu = server.cpuMs();
      const mainCpu = mainThreadCpuMilliseconds(server.pid);
      const started = performance.now();
      const res = await http.request({ method: 'GET', path: '/api/v1/messages', params: { anchor: 'newest', num_before: '5000', num_after: '0', narrow }, auth: authOf(org.firehose.reader) });
      const ms = performance.now() - started;
      console.log(`-- fetch end ${side.name}`);
      if (res.status !== 200) throw new Error(`fetch: ${res.status}`);
      console.log(`${side.name}: ${ms.toFixed(1)} ms wall, ${(server.cpuMs() - cpu).toFixed(0)} ms cpu (main thread ${mainThreadCpuMilliseconds(server.pid) - mainCpu}), ${res.body.length} bytes`);
    } finally {
      http.close();
      await server.stop();
      removeDir(dir);
    }
  }
}
