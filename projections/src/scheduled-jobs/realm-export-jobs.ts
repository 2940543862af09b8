import type { Projection } from '../projection.js';
import type { ReadModels } from '../read-models.js';
import { jobsProjection } from './job-projection.js';

export const REALM_EXPORT_JOB = 'realm-export';

/**
 * A requested export is work to finish: the job lasts until the export is written or has failed, so
 * one whose writing a stop interrupted is found again after the restart.
 */
export const realmExportJobsProjection = (models: ReadModels): Projection =>
  jobsProjection(models, {
    kind: REALM_EXPORT_JOB,
    subjectField: 'export_id',
    handles: ['RealmExportRequested', 'RealmExportCompleted', 'RealmExportFailed'],
    starts: (event) => (event.type === 'RealmExportRequested' ? { id: event.data.export_id, from: event.metadata.occurred_at } : null),
    ends: (event) => (event.type === 'RealmExportCompleted' || event.type === 'RealmExportFailed' ? event.data.export_id : null),
  });
