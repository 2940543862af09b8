import { freePort } from './free-port.js';
import { HttpClient } from './http-client.js';
import type { PollingUser } from './load-tasks.js';
import { type ServerProcess, startProcess } from './server-process.js';

/** The bare long-poll relay (bench/baselines/poll-relay.ts) and a client to register its queues. */
export interface Relay {
  server: ServerProcess;
  /** One queue per entry, each on the channel named (`concurrency` registrations at a time). */
  queues(channels: readonly string[], concurrency?: number): Promise<PollingUser[]>;
}

/** Runs `work` against a fresh relay, the same-run baseline of every delivery target, then stops it. */
export async function withRelay<T>(work: (relay: Relay) => Promise<T>): Promise<T> {
  const port = await freePort();
  const server = await startProcess('bench/baselines/poll-relay.ts', [], { PORT: String(port) }, `http://127.0.0.1:${port}`);
  const http = new HttpClient(server.url, 64);
  const queues = async (channels: readonly string[], concurrency = 32): Promise<PollingUser[]> => {
    const out = new Array<PollingUser>(channels.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < channels.length) {
        const index = next++;
        const res = await http.request({ method: 'POST', path: '/api/v1/register', params: { channel: channels[index] } });
        out[index] = { auth: 'relay:relay', queueId: String((JSON.parse(res.body) as { queue_id: string }).queue_id), lastEventId: -1 };
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return out;
  };
  try {
    return await work({ server, queues });
  } finally {
    http.close();
    await server.stop();
  }
}
