import { checkListRealmExports, exportConsents } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { realmExportViews } from '@chat/projections';
import { deleteRealmExport, requestRealmExport } from '../actions/realm-exports.js';
import type { ServerContext } from '../server-context.js';
import { callerUser, originOf } from './call-context.js';

/** POST /export/realm: answers at once with the id; GET /export/realm says when the file is ready. */
export async function requestRealmExportEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const { id } = await requestRealmExport(ctx, originOf(call), actor, call.params.export_type === undefined ? 1 : Number(call.params.export_type));
  return { id };
}

/** GET /export/realm */
export async function listRealmExportsEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  checkListRealmExports(await callerUser(ctx, call));
  return { exports: await realmExportViews(ctx.models, ctx.config.externalUrl) };
}

/** GET /export/realm/consents */
export async function listExportConsentsEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  return { export_consents: exportConsents(await callerUser(ctx, call), await ctx.models.users.all()) };
}

/** DELETE /export/realm/{export_id} */
export async function deleteRealmExportEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  await deleteRealmExport(ctx, originOf(call), await callerUser(ctx, call), Number(call.path.export_id));
  return {};
}
