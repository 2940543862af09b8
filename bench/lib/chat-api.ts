import { HttpClient } from './http-client.js';
import type { PollingUser } from './load-tasks.js';
import type { SeededOrg, SeededUser } from '../seed/seeded-org.js';

export const authOf = (user: SeededUser): string => `${user.email}:${user.apiKey}`;

/** The few API calls the orchestrator makes itself (set-up between measurements). */
export class ChatApi {
  readonly http: HttpClient;

  constructor(readonly url: string) {
    this.http = new HttpClient(url, 64);
  }

  async call(method: 'GET' | 'POST' | 'DELETE', path: string, user: SeededUser, params: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const res = await this.http.request({ method, path: `/api/v1${path}`, params, auth: authOf(user) });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.body.slice(0, 300)}`);
    return JSON.parse(res.body) as Record<string, unknown>;
  }

  /** Registers a message-only queue for each user, `concurrency` at a time. */
  async queues(users: readonly SeededUser[], concurrency = 32): Promise<PollingUser[]> {
    const out: PollingUser[] = new Array<PollingUser>(users.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < users.length) {
        const index = next++;
        const body = await this.call('POST', '/register', users[index], { event_types: '["message"]', apply_markdown: 'false' });
        out[index] = { auth: authOf(users[index]), queueId: String(body.queue_id), lastEventId: Number(body.last_event_id) };
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return out;
  }

  close(): void {
    this.http.close();
  }
}

/** The owner's credentials (`email:api_key`), from their password. */
export async function ownerAuth(api: ChatApi, org: SeededOrg): Promise<string> {
  const res = await api.http.request({ method: 'POST', path: '/api/v1/fetch_api_key', params: { username: org.owner.email, password: org.owner.password } });
  if (res.status !== 200) throw new Error(`fetch_api_key: ${res.status} ${res.body.slice(0, 200)}`);
  return `${org.owner.email}:${String((JSON.parse(res.body) as { api_key: string }).api_key)}`;
}
