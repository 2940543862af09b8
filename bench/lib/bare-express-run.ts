import { freePort } from './free-port.js';
import { HttpClient, type RequestSpec } from './http-client.js';
import { type ServerProcess, startProcess } from './server-process.js';
import { median, quantile } from './stats.js';

/** Credentials the bare express baseline takes. */
export const BARE_AUTH = 'user0@bench.example:key0';

/** The same request's shape on bare express (bench/baselines/bare-express.ts): its parameters, and an answer of `bytes` bytes. */
export const sameShape = (spec: RequestSpec, bytes: number): RequestSpec => ({ ...spec, params: { ...spec.params, _bytes: String(bytes) }, auth: BARE_AUTH });

/** p50 and p99 of `count` requests one after another (after `warmUp` untimed), each until its last byte. */
export async function sequentialTimes(url: string, spec: RequestSpec, count: number, warmUp = 5): Promise<{ p50: number; p99: number; times: number[] }> {
  const client = new HttpClient(url, 1);
  const times: number[] = [];
  try {
    for (let i = 0; i < warmUp + count; i++) {
      const started = performance.now();
      const res = await client.request(spec);
      if (res.status !== 200) throw new Error(`${spec.method} ${spec.path}: ${res.status} ${res.body.slice(0, 200)}`);
      if (i >= warmUp) times.push(res.receivedAt - started);
    }
  } finally {
    client.close();
  }
  return { p50: median(times), p99: quantile(times, 0.99), times };
}

/** Runs `work` against a fresh bare express, the same-run baseline of the single-request targets, then stops it. */
export async function withBareExpress<T>(work: (server: ServerProcess) => Promise<T>): Promise<T> {
  const port = await freePort();
  const server = await startProcess('bench/baselines/bare-express.ts', [], { PORT: String(port) }, `http://127.0.0.1:${port}`);
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}
