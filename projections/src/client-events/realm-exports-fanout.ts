import type { RealmExportState } from '@chat/core';
import type { ReadModels } from '../read-models.js';
import { fanoutOf } from './fanout.js';

/** An export as GET /export/realm and `realm_export` events show it; times in seconds. */
export function realmExportView(state: RealmExportState, externalUrl: string): Record<string, unknown> {
  // Models kept from before deletions existed hold no deleted_at.
  const deletedAt = state.deleted_at ?? null;
  return {
    id: state.id,
    acting_user_id: state.acting_user_id,
    export_time: state.requested_at / 1000,
    deleted_timestamp: deletedAt === null ? null : deletedAt / 1000,
    failed_timestamp: state.failed_at === null ? null : state.failed_at / 1000,
    export_url: state.path_id === null || deletedAt !== null ? null : `${externalUrl}/user_uploads/${state.path_id}`,
    pending: state.path_id === null && state.failed_at === null,
    export_type: state.export_type,
  };
}

/** Every export, oldest first. */
export const realmExportViews = async (models: ReadModels, externalUrl: string): Promise<Record<string, unknown>[]> =>
  (await models.realmExports.all()).sort((a, b) => a.id - b.id).map((state) => realmExportView(state, externalUrl));

/** `realm_export` with every export, to the owner who asked for the one that changed. */
export const realmExportsFanout = fanoutOf(
  'realm-exports',
  ['RealmExportRequested', 'RealmExportCompleted', 'RealmExportFailed', 'RealmExportDeleted'],
  async (event, models, options) => {
    const state = await models.realmExports.get(event.data.export_id);
    if (!state) return [];
    return [{ userIds: [state.acting_user_id], event: { type: 'realm_export', exports: await realmExportViews(models, options.externalUrl?.() ?? '') } }];
  },
);
