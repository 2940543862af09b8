import { expectResponseShape } from './response-schemas.js';
import { isJsonObject, type JsonObject, numberField, stringField } from './json-fields.js';

/** What a test reads back: status, parsed JSON body and headers. */
export interface ApiResponse {
  status: number;
  /** The parsed JSON object; a body that is not one comes as `{ raw: text }`. */
  body: JsonObject;
  headers: Headers;
}

type Params = Record<string, unknown>;

/** Encodes parameters the way clients do: strings as is, everything else JSON-encoded. */
export function formEncode(params: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    form.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
}

function parseBody(text: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { raw: text };
  }
  return isJsonObject(parsed) ? parsed : { raw: text };
}

/** A chat API client over fetch, authenticated with Basic auth when it has credentials. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly credentials: { email: string; apiKey: string; userId: number } | null,
  ) {}

  get userId(): number {
    if (!this.credentials) throw new Error('anonymous client');
    return this.credentials.userId;
  }

  get email(): string {
    if (!this.credentials) throw new Error('anonymous client');
    return this.credentials.email;
  }

  async login(email: string, password: string): Promise<ApiClient> {
    const res = await this.post('/fetch_api_key', { username: email, password });
    if (res.status !== 200) throw new Error(`login failed for ${email}: ${JSON.stringify(res.body)}`);
    return new ApiClient(this.baseUrl, { email: stringField(res.body, 'email'), apiKey: stringField(res.body, 'api_key'), userId: numberField(res.body, 'user_id') });
  }

  get(path: string, params: Params = {}): Promise<ApiResponse> {
    const query = formEncode(params).toString();
    return this.request('GET', query ? `${path}?${query}` : path);
  }
  post(path: string, params: Params = {}): Promise<ApiResponse> {
    return this.request('POST', path, formEncode(params));
  }
  patch(path: string, params: Params = {}): Promise<ApiResponse> {
    return this.request('PATCH', path, formEncode(params));
  }
  delete(path: string, params: Params = {}): Promise<ApiResponse> {
    return this.request('DELETE', path, formEncode(params));
  }

  async request(method: string, path: string, body?: URLSearchParams | FormData, headers: Record<string, string> = {}): Promise<ApiResponse> {
    const all: Record<string, string> = { ...headers };
    if (this.credentials) {
      all.Authorization = `Basic ${Buffer.from(`${this.credentials.email}:${this.credentials.apiKey}`).toString('base64')}`;
    }
    const res = await fetch(`${this.baseUrl}/api/v1${path}`, { method, headers: all, body });
    const text = await res.text();
    const answer = { status: res.status, body: parseBody(text), headers: res.headers };
    expectResponseShape(method, path, answer.status, answer.body);
    return answer;
  }

  withCredentials(email: string, apiKey: string, userId = 0): ApiClient {
    return new ApiClient(this.baseUrl, { email, apiKey, userId });
  }
}
