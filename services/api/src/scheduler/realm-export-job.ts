import { REALM_EXPORT_JOB } from '@chat/projections';
import { resumeRealmExport } from '../actions/realm-exports.js';
import type { JobHandler } from './job-handler.js';

/** How long after its request an export still pending is taken for interrupted (not just under way). */
export const REALM_EXPORT_RESUME_AFTER_MS = 60_000;

/**
 * An export requested and not yet written or failed. While this process writes it, nothing happens;
 * otherwise the process that was writing it stopped, and the recorded request is carried out now. The
 * minute's wait spares a second process from writing, at the same time, an export just requested
 * elsewhere.
 */
export const realmExportJob: JobHandler<Parameters<typeof resumeRealmExport>[0]> = {
  kind: REALM_EXPORT_JOB,
  delayMs: () => REALM_EXPORT_RESUME_AFTER_MS,
  run: async (ctx, job) => resumeRealmExport(ctx, Number(job.subject.export_id)),
};
