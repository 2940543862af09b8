import { realmExportsFanout } from '@chat/projections/client-events/realm-exports-fanout';
import { realmExportsProjection } from '@chat/projections/exports/realm-exports-projection';
import { realmExportJobsProjection } from '@chat/projections/scheduled-jobs/realm-export-jobs';
import { exportEventsEndpoint } from '../endpoints/export-events.js';
import { readModelDigestEndpoint } from '../endpoints/read-model-digest.js';
import { deleteRealmExportEndpoint, listExportConsentsEndpoint, listRealmExportsEndpoint, requestRealmExportEndpoint } from '../endpoints/realm-exports.js';
import { realmExportJob } from '../scheduler/realm-export-job.js';
import { type Feature, route } from './feature.js';

const EXPORT_STREAM = { stream: 'realmexport-<export_id>' };

/** Exports: the organization's exports for its owners, the log's export, the read models' digest. */
export const exportsFeature: Feature = {
  name: 'exports',
  events: {
    RealmExportRequested: EXPORT_STREAM,
    RealmExportCompleted: EXPORT_STREAM,
    RealmExportFailed: EXPORT_STREAM,
    RealmExportDeleted: EXPORT_STREAM,
  },
  projections: [realmExportsProjection, realmExportJobsProjection],
  fanouts: [realmExportsFanout],
  routes: [
    route('GET', '/export/read_model_digest', 'required', 'read-model-digest', readModelDigestEndpoint),
    route('POST', '/export/realm', 'required', 'export-realm-create', requestRealmExportEndpoint),
    route('GET', '/export/realm', 'required', 'empty', listRealmExportsEndpoint),
    route('GET', '/export/realm/consents', 'required', 'empty', listExportConsentsEndpoint),
    route('DELETE', '/export/realm/:export_id', 'required', 'export-realm-delete', deleteRealmExportEndpoint),
    route('GET', '/export/events', 'required', 'export-events', exportEventsEndpoint),
  ],
  clientEventTypes: ['realm_export'],
  jobs: [realmExportJob],
};
