import type { ReportType } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { type ReportMessageDeps, reportMessage } from '../actions/report-message.js';
import { sendTestWelcomeMessage, type WelcomeMessageDeps } from '../actions/welcome-message.js';
import { callerUser, originOf } from './call-context.js';

/** POST /messages/{message_id}/report */
export async function reportMessageEndpoint(ctx: ReportMessageDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const p = call.params;
  const description = p.description === undefined ? '' : String(p.description);
  await reportMessage(ctx, originOf(call), await callerUser(ctx, call), Number(call.path.message_id), String(p.report_type) as ReportType, description);
  return {};
}

/** POST /realm/test_welcome_bot_custom_message */
export async function testWelcomeMessageEndpoint(ctx: WelcomeMessageDeps, call: RouteCall): Promise<Record<string, unknown>> {
  const text = String(call.params.welcome_message_custom_text);
  return { message_id: await sendTestWelcomeMessage(ctx, originOf(call), await callerUser(ctx, call), text) };
}
