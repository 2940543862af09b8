import { ApiClient } from './api-client.js';
import { numberField, stringField } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';

/** A bot made with POST /bots, and a client acting as it with its key. */
export interface MadeBot {
  userId: number;
  email: string;
  apiKey: string;
  client: ApiClient;
}

/** POST /bots as `owner`; the bot's address comes from its short name, as the server forms it. */
export async function createBot(owner: ApiClient, shortName: string, params: Record<string, unknown> = {}): Promise<MadeBot> {
  const created = expectSuccess(await owner.post('/bots', { full_name: `${shortName} bot`, short_name: shortName, ...params }));
  const userId = numberField(created, 'user_id');
  const apiKey = stringField(created, 'api_key');
  const user = expectSuccess(await owner.get(`/users/${userId}`)).user as { email: string };
  return { userId, email: user.email, apiKey, client: new ApiClient(owner.baseUrl, { email: user.email, apiKey, userId }) };
}
