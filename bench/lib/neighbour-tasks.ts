import { FailureTally } from './failure-tally.js';
import { HttpClient, type RequestSpec } from './http-client.js';

/**
 * Timed probes: `rate` requests per second for `durationMs`, each sent on time whether or not the
 * ones before it were answered (a stalled server makes every probe in flight wait), each timed.
 */
export interface TimedTask {
  kind: 'timed';
  url: string;
  rate: number;
  durationMs: number;
  /** Cycled through. */
  requests: RequestSpec[];
}

export interface TimedResult {
  latenciesMs: number[];
  /** When each timed request was sent (epoch ms), in the order of latenciesMs. */
  sentAt: number[];
  failed: number;
  firstFailure: string | null;
}

export async function timed(task: TimedTask): Promise<TimedResult> {
  const client = new HttpClient(task.url, 64);
  const latenciesMs: number[] = [];
  const sentAt: number[] = [];
  const failures = new FailureTally();
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.floor((task.rate * task.durationMs) / 1000);
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / task.rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    inFlight.push(
      failures.track(client.request(task.requests[i % task.requests.length]), () => {
        latenciesMs.push(performance.now() - sent);
        sentAt.push(performance.timeOrigin + sent);
      }),
    );
  }
  await Promise.all(inFlight);
  client.close();
  return { latenciesMs, sentAt, failed: failures.failed, firstFailure: failures.firstFailure };
}

/** A heavy request of the noisy neighbour, named for the report. */
export interface HeavyRequest {
  name: string;
  spec: RequestSpec;
}

/** One client sends heavy requests one after another, cycling through them, until `durationMs` ends. */
export interface HeavyTask {
  kind: 'heavy';
  url: string;
  durationMs: number;
  requests: HeavyRequest[];
}

export interface HeavyResult {
  /** Per request name: how many answered, their bytes, and each one's time (ms). */
  done: Record<string, { count: number; bytes: number; ms: number[] }>;
  /** Each request's name and when it was in flight (epoch ms). */
  spans: { name: string; start: number; end: number }[];
  failed: number;
  firstFailure: string | null;
}

export async function heavy(task: HeavyTask): Promise<HeavyResult> {
  const client = new HttpClient(task.url, 1);
  const done: HeavyResult['done'] = {};
  const spans: HeavyResult['spans'] = [];
  let failed = 0;
  let firstFailure: string | null = null;
  const deadline = performance.now() + task.durationMs;
  for (let i = 0; performance.now() < deadline; i++) {
    const { name, spec } = task.requests[i % task.requests.length];
    const started = performance.now();
    try {
      const res = await client.count(spec);
      if (res.status !== 200) throw new Error(`${name}: status ${res.status}`);
      const entry = (done[name] ??= { count: 0, bytes: 0, ms: [] });
      entry.count++;
      entry.bytes += res.bytes;
      entry.ms.push(performance.now() - started);
      spans.push({ name, start: performance.timeOrigin + started, end: performance.timeOrigin + performance.now() });
    } catch (error) {
      failed++;
      firstFailure ??= String(error);
    }
  }
  client.close();
  return { done, spans, failed, firstFailure };
}
