import type { ServerResponse } from 'node:http';
import { type RealmExportState, requireOrganizationOwner, type UserState } from '@chat/core';
import { uploadNotFound } from '../queries/upload-access.js';
import type { Uses } from '../dependencies.js';

/** An export's file, to owners only (it holds the whole organization), as a download. */
export async function sendExportFile(ctx: Uses<'uploads'>, res: ServerResponse, viewer: UserState, state: RealmExportState): Promise<void> {
  requireOrganizationOwner(viewer);
  const bytes = state.path_id === null ? null : await ctx.uploads.get(state.path_id);
  if (!bytes) throw uploadNotFound();
  res.writeHead(200, {
    'Content-Type': 'application/x-ndjson; charset=utf-8',
    'Content-Disposition': `attachment; filename="realm-export-${state.id}.ndjson"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
  bytes.pipe(res);
}
