import { checkListRealmExports } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { realmExportViews } from '@chat/projections';
import { requestRealmExport } from '../actions/realm-exports.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What requestRealmExportEndpoint uses. */
type RequestRealmExportEndpointDeps = Commands & Configured & Allocates & LogReads & Reads<'realmExports' | 'users'> & Uses<'log' | 'uploads'>;

/** POST /export/realm: answers at once with the id; GET /export/realm says when the file is ready. */
export async function requestRealmExportEndpoint(ctx: RequestRealmExportEndpointDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  const { id } = await requestRealmExport(ctx, originOf(call), actor, call.params.export_type === undefined ? 1 : Number(call.params.export_type));
  return { id };
}

/** GET /export/realm */
export async function listRealmExportsEndpoint(ctx: Configured & Uses<'models'>, call: RouteCall): Promise<Record<string, unknown>> {
  checkListRealmExports(await callerUser(ctx, call));
  return { exports: await realmExportViews(ctx.models, ctx.config.externalUrl) };
}
