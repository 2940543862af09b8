import type { CallOf } from '@chat/http';
import { type ReportMessageDeps, reportMessage } from '../actions/report-message.js';
import { sendTestWelcomeMessage, type WelcomeMessageDeps } from '../actions/welcome-message.js';
import { callerUser, originOf } from './call-context.js';

/** POST /messages/{message_id}/report */
export async function reportMessageEndpoint(ctx: ReportMessageDeps, call: CallOf<'message-report'>): Promise<Record<string, unknown>> {
  const p = call.params;
  const description = p.description ?? '';
  await reportMessage(ctx, originOf(call), await callerUser(ctx, call), call.path.message_id, p.report_type, description);
  return {};
}

/** POST /realm/test_welcome_bot_custom_message */
export async function testWelcomeMessageEndpoint(ctx: WelcomeMessageDeps, call: CallOf<'welcome-message-test'>): Promise<Record<string, unknown>> {
  const text = call.params.welcome_message_custom_text;
  return { message_id: await sendTestWelcomeMessage(ctx, originOf(call), await callerUser(ctx, call), text) };
}
