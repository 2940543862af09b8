import type { ApiClient, ApiResponse } from './api-client.js';
import { type JsonObject, numberField, objectsField } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';
import type { TestServer } from './test-server.js';

/** UNIX seconds `seconds` after the server's (manual) clock. */
export const secondsFromNow = (server: TestServer, seconds: number): number => Math.floor(server.clock.now() / 1000) + seconds;

/** POST /reminders; other parameters as given. */
export function remind(client: ApiClient, messageId: number, at: number, params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.post('/reminders', { message_id: messageId, scheduled_delivery_timestamp: at, ...params });
}

/** Schedules a reminder (it must succeed) and returns its id. */
export async function scheduleReminder(client: ApiClient, messageId: number, at: number, params: Record<string, unknown> = {}): Promise<number> {
  return numberField(expectSuccess(await remind(client, messageId, at, params)), 'reminder_id');
}

/** GET /reminders: the caller's reminders not sent yet. */
export async function listReminders(client: ApiClient): Promise<JsonObject[]> {
  return objectsField(expectSuccess(await client.get('/reminders')), 'reminders');
}

/** Moves the clock on and runs what is due, as the scheduler's tick would; answers how many jobs ran. */
export async function advanceAndRun(server: TestServer, ms: number): Promise<number> {
  server.clock.advance(ms);
  return server.ctx.scheduler.runDue();
}
