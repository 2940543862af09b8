import { FailureTally } from './failure-tally.js';
import { HttpClient, type RequestSpec } from './http-client.js';
import type { HeavyTask, TimedTask } from './neighbour-tasks.js';

/** Closed loop: `concurrency` clients each send the next request as soon as the last answered. */
export interface ClosedLoopTask {
  kind: 'closed-loop';
  url: string;
  concurrency: number;
  durationMs: number;
  /** Cycled through by all clients. */
  requests: RequestSpec[];
}

export interface ClosedLoopResult {
  completed: number;
  failed: number;
  elapsedMs: number;
  perSecond: number;
  firstFailure: string | null;
}

export async function closedLoop(task: ClosedLoopTask): Promise<ClosedLoopResult> {
  const client = new HttpClient(task.url, task.concurrency);
  let next = 0;
  let completed = 0;
  const failures = new FailureTally();
  const started = performance.now();
  const deadline = started + task.durationMs;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const spec = task.requests[next++ % task.requests.length];
      await failures.track(client.request(spec), () => completed++);
    }
  };
  await Promise.all(Array.from({ length: task.concurrency }, worker));
  const elapsedMs = performance.now() - started;
  client.close();
  return { completed, failed: failures.failed, elapsedMs, perSecond: (completed * 1000) / elapsedMs, firstFailure: failures.firstFailure };
}

/** A user's registered event queue, as pollers use it. */
export interface PollingUser {
  auth: string;
  queueId: string;
  lastEventId: number;
}

/**
 * Long-pollers: each user keeps one GET /events waiting and re-arms it after every answer. Message
 * events carry their send time (`t=<epoch ms>` in the content): the delay to arrival is recorded.
 */
export interface PollTask {
  kind: 'poll';
  url: string;
  users: PollingUser[];
  /** Stop after this long, or once `expectMessages` message events have arrived in all. */
  durationMs: number;
  expectMessages: number;
  /** Source address of the connections (several processes holding thousands of polls use one each). */
  localAddress?: string;
}

export interface PollResult {
  latenciesMs: number[];
  /** When each timed message was sent (epoch ms, from its `t=` stamp), in the order of latenciesMs. */
  sentAt: number[];
  /** Epoch ms at which the last expected message event arrived. */
  lastArrival: number;
  messages: number;
  failed: number;
  /** What the first failed poll got (an error, or a status and the start of the body). */
  firstFailure: string | null;
}

const now = (): number => performance.timeOrigin + performance.now();
/**
 * Pollers connect this many at a time, this long apart (5,000 connections a second per process), as
 * clients do after a restart (each retrying after its own delay): thousands opened in the same
 * millisecond overflow the accept queue the kernel keeps for the server (net.core.somaxconn, 4096
 * here), which then drops or resets some of them, whatever server listens (bare node:http as well).
 */
const CONNECT_BATCH = 250;
const CONNECT_PAUSE_MS = 50;
const SENT_AT = /t=(\d+(?:\.\d+)?)/;

interface EventsBody {
  events?: { id: number; type: string; message?: { content?: string } }[];
}

/** Pollers run until `durationMs`, `expectMessages`, or `stop` (the orchestrator's word) ends them. */
export async function poll(task: PollTask, ready: () => void, stop?: AbortSignal): Promise<PollResult> {
  const client = new HttpClient(task.url, task.users.length + 16, task.localAddress);
  const latenciesMs: number[] = [];
  const sentAtMs: number[] = [];
  let lastArrival = 0;
  let messages = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  let stopped = false;
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const timer = setTimeout(() => finish(), task.durationMs);
  stop?.addEventListener('abort', () => finish());
  let armed = 0;
  const loop = async (user: PollingUser): Promise<void> => {
    let first = true;
    while (!stopped) {
      const pending = client.request({ method: 'GET', path: '/api/v1/events', params: { queue_id: user.queueId, last_event_id: String(user.lastEventId) }, auth: user.auth });
      if (first) {
        first = false;
        // The request is on the wire once a socket is assigned; a short pause lets all polls arrive.
        if (++armed === task.users.length) setTimeout(ready, Math.max(300, task.users.length / 5));
      }
      let res;
      try {
        res = await pending;
      } catch (error) {
        if (!stopped) {
          failed++;
          firstFailure ??= String(error);
        }
        return;
      }
      const arrived = now();
      if (res.status !== 200) {
        failed++;
        firstFailure ??= `${res.status} ${res.body.slice(0, 200)}`;
        return;
      }
      const body = JSON.parse(res.body) as EventsBody;
      for (const event of body.events ?? []) {
        user.lastEventId = Math.max(user.lastEventId, event.id);
        if (event.type !== 'message') continue;
        const sentAt = SENT_AT.exec(event.message?.content ?? '');
        if (sentAt) {
          latenciesMs.push(arrived - Number(sentAt[1]));
          sentAtMs.push(Number(sentAt[1]));
        }
        messages++;
        lastArrival = Math.max(lastArrival, arrived);
        if (task.expectMessages > 0 && messages >= task.expectMessages) finish();
      }
    }
  };
  const loops: Promise<void>[] = [];
  for (let start = 0; start < task.users.length && !stopped; start += CONNECT_BATCH) {
    if (start > 0) await new Promise((resolve) => setTimeout(resolve, CONNECT_PAUSE_MS));
    for (const user of task.users.slice(start, start + CONNECT_BATCH)) loops.push(loop(user));
  }
  await done;
  stopped = true;
  clearTimeout(timer);
  client.close();
  await Promise.allSettled(loops);
  return { latenciesMs, sentAt: sentAtMs, lastArrival, messages, failed, firstFailure };
}

/** Paced sending: `rate` requests per second for `durationMs`, each built with the send time. */
export interface PacedTask {
  kind: 'paced';
  url: string;
  rate: number;
  durationMs: number;
  /** Content gets `t=<epoch ms>` appended, so receivers can time delivery. */
  request: RequestSpec;
  /**
   * Warm-up at the start of `durationMs`, sent without the send time (receivers do not time it). It is
   * sent by the same process and connections as what follows, so the measured sends find them warm.
   */
  unstampedMs?: number;
  /** Taken in turn, each send overrides the request's parameters and credentials with the next (e.g. a channel and one of its members). */
  cycle?: { params: Record<string, string>; auth?: string }[];
}

export interface PacedResult {
  sent: number;
  failed: number;
  firstFailure: string | null;
}

export async function paced(task: PacedTask): Promise<PacedResult> {
  const client = new HttpClient(task.url, 64);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let sent = 0;
  const failures = new FailureTally();
  const total = Math.floor((task.rate * task.durationMs) / 1000);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / task.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const content = task.request.params?.content ?? 'message';
    const stamped = i >= (task.rate * (task.unstampedMs ?? 0)) / 1000;
    const turn = task.cycle?.[i % task.cycle.length];
    const params = { ...task.request.params, ...turn?.params, content: stamped ? `${content} t=${now()}` : content };
    inFlight.push(failures.track(client.request({ ...task.request, params, auth: turn?.auth ?? task.request.auth }), () => sent++));
  }
  await Promise.all(inFlight);
  client.close();
  return { sent, failed: failures.failed, firstFailure: failures.firstFailure };
}

export type LoadTask = ClosedLoopTask | PollTask | PacedTask | TimedTask | HeavyTask;
