import { badRequest, ownerRequired, Role } from '@chat/core';
import type { CallOf } from '@chat/http';
import { isReadModelName, snapshotDigest, snapshotKeyDigests, snapshotReadModels } from '@chat/projections';
import { callerUser } from './call-context.js';
import type { Uses } from '../dependencies.js';

/**
 * GET /export/read_model_digest: the live read models' canonical digests at one log position; `model`
 * adds that model's digest per key. An embedded server's models live only in its memory, so a replay
 * elsewhere compares against this. Only the snapshot is taken while no event is applied; hashing it
 * runs afterwards, in slices, so event application and other requests carry on meanwhile.
 */
export async function readModelDigestEndpoint(ctx: Uses<'models' | 'runner'>, call: CallOf<'read-model-digest'>): Promise<Record<string, unknown>> {
  if ((await callerUser(ctx, call)).role !== Role.Owner) throw ownerRequired();
  const { model } = call.params;
  if (model !== undefined && !isReadModelName(ctx.models, model)) throw badRequest(`Invalid 'model': no read model is named '${model}'`);
  const { position, snapshot } = await ctx.runner.exclusive(async (at) => ({ position: at, snapshot: await snapshotReadModels(ctx.models) }));
  const digests = await snapshotDigest(snapshot);
  const chosen = model === undefined ? undefined : snapshot.get(model);
  if (model === undefined || chosen === undefined) return { position, ...digests };
  return { position, ...digests, model, keys: Object.fromEntries(await snapshotKeyDigests(chosen)) };
}
