import { badRequest } from '../errors.js';
import type { RealmExportCompleted, RealmExportDeleted, RealmExportFailed, RealmExportRequested } from '../events/realm-export-events.js';
import { requireOrganizationAdministrator, requireOrganizationOwner } from '../realm/organization-admin.js';
import type { UserState } from '../users/user-state.js';

/** An export of the organization as the read model holds it; times in milliseconds since the epoch. */
export interface RealmExportState {
  id: number;
  acting_user_id: number;
  export_type: number;
  requested_at: number;
  /** Where the file is, once written. */
  path_id: string | null;
  failed_at: number | null;
  /** When an owner deleted it (its file is gone). */
  deleted_at: number | null;
}

export const REALM_EXPORT_TYPES = { public: 1, standard: 2 } as const;

/**
 * POST /export/realm: owners only. The file is the organization's whole event log, which holds
 * private conversations, so both kinds need the role that may read it all.
 */
export function decideRequestRealmExport(actor: UserState, exportId: number, exportType: number): RealmExportRequested[] {
  requireOrganizationOwner(actor);
  if (exportType !== REALM_EXPORT_TYPES.public && exportType !== REALM_EXPORT_TYPES.standard) throw badRequest(`Invalid 'export_type': ${exportType}`);
  return [{ type: 'RealmExportRequested', data: { export_id: exportId, acting_user_id: actor.user_id, export_type: exportType } }];
}

/** GET /export/realm: owners only, like creating one. */
export function checkListRealmExports(actor: UserState): void {
  requireOrganizationOwner(actor);
}

/** The outcome of writing an export: nothing when it is no longer pending (a second writer lost). */
export function decideFinishRealmExport(
  state: RealmExportState | undefined,
  outcome: { path_id: string; size: number; event_count: number } | null,
): (RealmExportCompleted | RealmExportFailed)[] {
  if (!state || state.path_id !== null || state.failed_at !== null) return [];
  if (outcome === null) return [{ type: 'RealmExportFailed', data: { export_id: state.id } }];
  return [{ type: 'RealmExportCompleted', data: { export_id: state.id, ...outcome } }];
}

/**
 * GET /export/realm/consents (administrators, as the public API asks): each active human user and
 * whether they allow their private data to be exported (`allow_private_data_export`), by user id.
 */
export function exportConsents(actor: UserState, users: Iterable<UserState>): { user_id: number; consented: boolean }[] {
  requireOrganizationAdministrator(actor);
  return [...users]
    .filter((user) => user.is_active && !user.is_bot)
    .map((user) => ({ user_id: user.user_id, consented: user.settings.allow_private_data_export }))
    .sort((a, b) => a.user_id - b.user_id);
}

/**
 * DELETE /export/realm/{export_id}: owners, like creating one. Only a written export can be deleted,
 * with the public server's refusals for the others.
 */
export function decideDeleteRealmExport(actor: UserState, state: RealmExportState | undefined): RealmExportDeleted[] {
  requireOrganizationOwner(actor);
  if (!state) throw badRequest('Invalid data export ID');
  if (state.deleted_at !== null) throw badRequest('Export already deleted');
  if (state.failed_at !== null) throw badRequest('Export failed, nothing to delete');
  if (state.path_id === null) throw badRequest('Export still in progress');
  return [{ type: 'RealmExportDeleted', data: { export_id: state.id } }];
}
