import { badRequest, type HistoryQuestion, ownerRequired, Role } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { HistoryParameterError } from '@chat/projections/history/index';
import type { Commands, Reads } from '../dependencies.js';
import { callerUser } from './call-context.js';
import { recordQuestion } from './record-question.js';

/**
 * What every history endpoint does first: owners only (administrators, moderators, members and
 * guests are refused), the parameters checked, and the question recorded before it is answered.
 */
export async function admitQuestion<T>(ctx: Reads<'users'> & Commands, call: RouteCall, question: HistoryQuestion, parse: () => T): Promise<T> {
  if ((await callerUser(ctx, call)).role !== Role.Owner) throw ownerRequired('Must be an organization owner to ask the history tools');
  let parsed: T;
  try {
    parsed = parse();
  } catch (error) {
    if (error instanceof HistoryParameterError) throw badRequest(error.message, { var_name: error.parameter });
    throw error;
  }
  await recordQuestion(ctx, call, question);
  return parsed;
}
