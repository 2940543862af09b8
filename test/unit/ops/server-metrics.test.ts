import { expect } from 'chai';
import { ServerMetrics } from '../../../services/api/src/ops/metrics.js';

describe('server metrics: what a scrape costs', function () {
  it("keeps Node's default metrics but those that list every descriptor or handle (a scrape held the loop 95 ms at 16,000 connections)", async function () {
    const metrics = new ServerMetrics();
    try {
      const names = (await metrics.registry.getMetricsAsJSON()).map((metric) => metric.name);
      expect(names).to.include.members(['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'chat_http_requests_total']);
      for (const walking of ['process_open_fds', 'nodejs_active_handles', 'nodejs_active_handles_total', 'nodejs_active_resources', 'nodejs_active_resources_total']) expect(names).not.to.include(walking);
    } finally {
      metrics.stop();
    }
  });
});
