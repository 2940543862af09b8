import { checkListRealmExports, exportConsents } from '@chat/core';
import type { CallOf } from '@chat/http';
import { realmExportViews } from '@chat/projections';
import { deleteRealmExport, requestRealmExport } from '../actions/realm-exports.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What requestRealmExportEndpoint uses. */
type RequestRealmExportEndpointDeps = Commands & Configured & Allocates & LogReads & Reads<'realmExports' | 'users'> & Uses<'log' | 'uploads' | 'storage'>;
/** What deleteRealmExportEndpoint uses. */
type DeleteRealmExportEndpointDeps = Commands & Reads<'realmExports' | 'users'> & Uses<'uploads'>;

/** POST /export/realm: answers at once with the id; GET /export/realm says when the file is ready. */
export async function requestRealmExportEndpoint(ctx: RequestRealmExportEndpointDeps, call: CallOf<'export-realm-create'>): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const { id } = await requestRealmExport(ctx, originOf(call), actor, call.params.export_type ?? 1);
  return { id };
}

/** GET /export/realm */
export async function listRealmExportsEndpoint(ctx: Configured & Uses<'models'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  checkListRealmExports(await callerUser(ctx, call));
  return { exports: await realmExportViews(ctx.models, ctx.config.externalUrl) };
}

/** GET /export/realm/consents */
export async function listExportConsentsEndpoint(ctx: Reads<'users'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  return { export_consents: exportConsents(await callerUser(ctx, call), await ctx.models.users.all()) };
}

/** DELETE /export/realm/{export_id} */
export async function deleteRealmExportEndpoint(ctx: DeleteRealmExportEndpointDeps, call: CallOf<'export-realm-delete'>): Promise<Record<string, unknown>> {
  await deleteRealmExport(ctx, originOf(call), await callerUser(ctx, call), call.path.export_id);
  return {};
}
