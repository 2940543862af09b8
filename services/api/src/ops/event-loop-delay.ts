import { Histogram, type Registry } from 'prom-client';

/** How often the loop is probed (milliseconds): a timer asks to run this often and records how late it ran. */
const PROBE_MS = 20;
const DELAY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The event loop's delay as a Prometheus histogram, `chat_event_loop_delay_seconds`: every 20 ms a
 * timer records how much later than asked it ran, which is how long a request arriving then would
 * have waited before any of its code ran. Unlike prom-client's nodejs_eventloop_lag_* gauges (reset
 * at every scrape, so a second scraper steals the first one's peaks), the buckets only grow: any
 * window's p99 is `histogram_quantile(0.99, rate(chat_event_loop_delay_seconds_bucket[5m]))`, across
 * processes too, and a stall of one second shows as one sample in the `le="1"` bucket.
 */
export class EventLoopDelayProbe {
  private readonly delays: Histogram;
  private timer: NodeJS.Timeout | null = null;

  constructor(registry: Registry) {
    this.delays = new Histogram({
      name: 'chat_event_loop_delay_seconds',
      help: `How late a timer due every ${PROBE_MS} ms ran: the time a request arriving then waited for the event loop.`,
      buckets: DELAY_BUCKETS,
      registers: [registry],
    });
  }

  start(): void {
    if (this.timer) return;
    let due = performance.now() + PROBE_MS;
    const probe = (): void => {
      const now = performance.now();
      this.delays.observe(Math.max(0, now - due) / 1000);
      due = now + PROBE_MS;
      this.timer = setTimeout(probe, PROBE_MS).unref();
    };
    this.timer = setTimeout(probe, PROBE_MS).unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
