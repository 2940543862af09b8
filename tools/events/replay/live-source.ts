import { HttpLiveReadModels } from './http-live-read-models.js';
import type { LiveReadModels } from './live-read-models.js';
import { MongoLiveReadModels } from './mongo-live-read-models.js';

export const liveOptions = {
  'server-url': { type: 'string' },
  email: { type: 'string' },
  'api-key': { type: 'string' },
  'live-mongo-url': { type: 'string' },
  'live-mongo-db': { type: 'string' },
} as const;

export interface LiveChoice {
  'server-url'?: string;
  email?: string;
  'api-key'?: string;
  'live-mongo-url'?: string;
  'live-mongo-db'?: string;
}

export const LIVE_USAGE = `Compare with the live read models (either):
  --server-url <url>       a running server (GET /api/v1/export/read_model_digest), as an organization owner:
  --email <email>          the owner's email (default: CHAT_EMAIL)
  --api-key <key>          the owner's API key (default: CHAT_API_KEY)
  --live-mongo-url <url>   read models a server keeps in MongoDB, read directly (stop or idle the server first)
  --live-mongo-db <name>   their database (default: chat_read_models)`;

/** The live read models the options name, or null when they name none. Throws on half a choice. */
export async function openLiveSource(choice: LiveChoice, env: NodeJS.ProcessEnv): Promise<LiveReadModels | null> {
  const serverUrl = choice['server-url'];
  if (serverUrl && choice['live-mongo-url']) throw new Error('give either --server-url or --live-mongo-url, not both');
  if (serverUrl) {
    const email = choice.email ?? env.CHAT_EMAIL;
    const apiKey = choice['api-key'] ?? env.CHAT_API_KEY;
    if (!email || !apiKey) throw new Error('--server-url needs an owner\'s --email and --api-key (or CHAT_EMAIL and CHAT_API_KEY)');
    return new HttpLiveReadModels(serverUrl, email, apiKey);
  }
  if (choice['live-mongo-url']) return MongoLiveReadModels.connect(choice['live-mongo-url'], choice['live-mongo-db']);
  return null;
}
