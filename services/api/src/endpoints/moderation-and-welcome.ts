import type { ReportType } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { reportMessage } from '../actions/report-message.js';
import { sendTestWelcomeMessage } from '../actions/welcome-message.js';
import type { ServerContext } from '../server-context.js';
import { callerUser, originOf } from './call-context.js';

/** POST /messages/{message_id}/report */
export async function reportMessageEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  const p = call.params;
  const description = p.description === undefined ? '' : String(p.description);
  await reportMessage(ctx, originOf(call), await callerUser(ctx, call), Number(call.path.message_id), String(p.report_type) as ReportType, description);
  return {};
}

/** POST /realm/test_welcome_bot_custom_message */
export async function testWelcomeMessageEndpoint(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  const text = String(call.params.welcome_message_custom_text);
  return { message_id: await sendTestWelcomeMessage(ctx, originOf(call), await callerUser(ctx, call), text) };
}
