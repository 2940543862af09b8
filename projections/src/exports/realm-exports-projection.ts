import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Exports of the organization, found by the path of their file. */
export function realmExportsProjection(models: ReadModels): Projection {
  return projectionOf('realm-exports', ['RealmExportCompleted', 'RealmExportDeleted', 'RealmExportFailed', 'RealmExportRequested'], async (event) => {
    const at = event.position;
    if (event.type === 'RealmExportRequested') {
      const { export_id, acting_user_id, export_type } = event.data;
      await models.realmExports.put(export_id, { id: export_id, acting_user_id, export_type, requested_at: event.metadata.occurred_at, path_id: null, failed_at: null, deleted_at: null }, at);
      return;
    }
    const state = await models.realmExports.get(event.data.export_id);
    if (!state) return;
    if (event.type === 'RealmExportCompleted') await models.realmExports.put(state.id, { ...state, path_id: event.data.path_id }, at);
    else if (event.type === 'RealmExportDeleted') await models.realmExports.put(state.id, { ...state, deleted_at: event.metadata.occurred_at }, at);
    else await models.realmExports.put(state.id, { ...state, failed_at: event.metadata.occurred_at }, at);
  });
}
