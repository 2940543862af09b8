import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type RequestFacts, routeLabelOf } from '@chat/http';
import { EventLoopDelayProbe } from './event-loop-delay.js';
import type { ServerHealth } from './health.js';
import { STORAGE_AREAS, type StorageArea, type StorageHealth } from '../files/storage-health.js';

/**
 * Node's default metrics that list every open descriptor or handle at each scrape: with 16,000 held
 * connections, 95 ms of the event loop per scrape on a busy machine (the held polls' deliveries wait
 * meanwhile). chat_held_polls and chat_event_queues count what they would mostly count.
 */
const WALKING_METRICS = ['process_open_fds', 'nodejs_active_handles', 'nodejs_active_handles_total', 'nodejs_active_resources', 'nodejs_active_resources_total'];

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 60];

/**
 * The server's Prometheus metrics, in a registry of its own (several servers share a test process):
 * requests by route and status, their latency, the projections' lag, event-store appends, live
 * queues, held polls, the event loop's delay (chat_event_loop_delay_seconds), and Node's own
 * (prom-client's nodejs_eventloop_lag_* gauges among them).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'chat_http_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'chat_http_request_duration_seconds',
    help: 'Time from a request arriving to its response finishing (held polls included), by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly appends = new Histogram({
    name: 'chat_eventstore_append_duration_seconds',
    help: 'Time an append to the event store took (validation included).',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly storageFailures = new Counter({
    name: 'chat_storage_write_failures_total',
    help: 'Writes refused for lack of space, by area (log, search, snapshots, uploads, outbox).',
    labelNames: ['area'] as const,
    registers: [this.registry],
  });

  private readonly loopDelay = new EventLoopDelayProbe(this.registry);

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    for (const name of WALKING_METRICS) this.registry.removeSingleMetric(name);
    this.loopDelay.start();
  }

  /** Stops the event-loop probe (the server is closing). */
  stop(): void {
    this.loopDelay.stop();
  }

  /** Gauges read when scraped: the projections' lag and readiness, the realtime numbers, storage space. */
  watch(health: ServerHealth, realtime: { liveQueues: () => Promise<number>; heldPolls: () => number }, storage: Pick<StorageHealth, 'full'>): void {
    const registers = [this.registry];
    new Gauge({
      name: 'chat_storage_full',
      help: 'Whether writes of an area (log, search, snapshots, uploads, outbox) are failing for lack of space (1) or not (0).',
      labelNames: ['area'] as const,
      registers,
      collect: function () {
        const full = new Set(storage.full());
        for (const area of STORAGE_AREAS) this.set({ area }, full.has(area) ? 1 : 0);
      },
    });

    new Gauge({
      name: 'chat_projection_lag_events',
      help: 'Events in the log the read models have not applied yet.',
      registers,
      collect: async function () {
        // NaN while the log does not answer: no number is better than a wrong one.
        this.set((await health.readiness()).lag?.events ?? Number.NaN);
      },
    });
    new Gauge({
      name: 'chat_projection_lag_seconds',
      help: 'Age of the oldest event the read models have not applied yet (0 when caught up).',
      registers,
      collect: async function () {
        this.set((await health.readiness()).lag?.seconds ?? Number.NaN);
      },
    });
    new Gauge({
      name: 'chat_ready',
      help: '1 while GET /ready answers 200.',
      registers,
      collect: async function () {
        this.set((await health.readiness()).ready ? 1 : 0);
      },
    });
    new Gauge({ name: 'chat_event_queues', help: 'Live event queues.', registers, collect: async function () {
      this.set(await realtime.liveQueues());
    } });
    new Gauge({ name: 'chat_held_polls', help: 'GET /events requests this process holds open.', registers, collect: function () {
      this.set(realtime.heldPolls());
    } });
  }

  /** Forgetting (docs/topics/forgetting.md): how long deleted data has been waiting to be scrubbed from files, and the key epochs. */
  watchForgetting(scrubber: { waitingMs(): number }, keys: { ring: { counts(): { masters: number; materialized: number } } }): void {
    const registers = [this.registry];
    new Gauge({
      name: 'chat_forgetting_scrub_waiting_seconds',
      help: 'How long what was deleted has been waiting to be scrubbed from derived files (0 when nothing waits; over 10 breaks the promise).',
      registers,
      collect: function () {
        this.set(scrubber.waitingMs() / 1000);
      },
    });
    new Gauge({
      name: 'chat_key_epochs',
      help: 'Key epochs in the key store: live (a master) or materialized (something of them was forgotten).',
      labelNames: ['state'],
      registers,
      collect: function () {
        const counts = keys.ring.counts();
        this.set({ state: 'live' }, counts.masters);
        this.set({ state: 'materialized' }, counts.materialized);
      },
    });
  }

  /** Counts a finished request (the front door calls this with the request log). */
  observeRequest(req: IncomingMessage, res: ServerResponse, { elapsedMs }: RequestFacts): void {
    const labels = { method: req.method ?? '', route: routeLabelOf(req) ?? 'other', status: String(res.statusCode) };
    this.requests.inc(labels);
    this.latency.observe(labels, elapsedMs / 1000);
  }

  observeAppend(seconds: number): void {
    this.appends.observe(seconds);
  }

  observeStorageFailure(area: StorageArea): void {
    this.storageFailures.inc({ area });
  }
}
