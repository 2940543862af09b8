import { healthPage, metricsPage, readyPage } from '../ops/ops-pages.js';
import { type Feature, page } from './feature.js';

/** The process's own endpoints for orchestrators and scrapers: liveness, readiness, metrics (outside /api/v1, no credentials, never rate-limited). */
export const opsFeature: Feature = {
  name: 'ops',
  routes: [
    page('/health', 'none', 'empty', healthPage, { unmetered: true }),
    page('/ready', 'none', 'empty', readyPage, { unmetered: true }),
    page('/metrics', 'none', 'empty', metricsPage, { unmetered: true }),
  ],
};
