import { badRequest, ownerRequired, Role } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { isReadModelName, keyDigests, readModelsDigest } from '@chat/projections';
import type { ServerContext } from '../server-context.js';
import { callerUser } from './call-context.js';

/**
 * GET /export/read_model_digest: the live read models' canonical digests, taken while no event is
 * applied, with the log position they stand at; `model` adds that model's digest per key. An embedded
 * server's models live only in its memory, so a replay elsewhere compares against this.
 */
export async function readModelDigestEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  if ((await callerUser(ctx, call)).role !== Role.Owner) throw ownerRequired();
  const model = call.params.model as string | undefined;
  if (model !== undefined && !isReadModelName(ctx.models, model)) throw badRequest(`Invalid 'model': no read model is named '${model}'`);
  return ctx.runner.exclusive(async (position) => {
    const digests = await readModelsDigest(ctx.models);
    if (model === undefined) return { position, ...digests };
    return { position, ...digests, model, keys: Object.fromEntries(await keyDigests(ctx.models, model)) };
  });
}
