import { badRequest, ownerRequired, Role } from '@chat/core';
import type { CallOf } from '@chat/http';
import { callerUser } from './call-context.js';
import type { Reads } from '../dependencies.js';
import type { RetentionRuns } from '../retention/sweep-runner.js';

/** How long one answer waits for the sweep before reporting how far it came. */
export const RETENTION_SWEEP_WAIT_MS = 10_000;

/**
 * POST /ops/retention_sweep, an extension of the API for operators (`npm run events -- retention`):
 * an owner runs the retention sweep now (or joins the one running, hourly or asked by someone else).
 * The answer comes when the sweep ends or after ten seconds; with `sweep_id` it waits for that sweep.
 */
export async function retentionSweepEndpoint(ctx: Reads<'users'> & RetentionRuns, call: CallOf<'retention-sweep'>): Promise<Record<string, unknown>> {
  if ((await callerUser(ctx, call)).role !== Role.Owner) throw ownerRequired('Must be an organization owner to run the retention sweep');
  const asked = call.params.sweep_id;
  const sweepId = asked ?? ctx.retention.start();
  const report = await ctx.retention.wait(sweepId, RETENTION_SWEEP_WAIT_MS);
  if (!report) throw badRequest(`Invalid 'sweep_id': no sweep ${sweepId} is running or just ended in this process`);
  return { ...report };
}
