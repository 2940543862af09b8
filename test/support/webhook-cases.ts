import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { ApiClient } from './api-client.js';
import { createBot, type MadeBot } from './bot-requests.js';
import { createChannels } from './channel-requests.js';
import { expectSuccess } from './response-assertions.js';
import { startServerWith } from './server-with-people.js';
import type { TestServer } from './test-server.js';

/**
 * One of the public server's own tests of an integration: a fixture payload it posts (with headers
 * and URL parameters) and the topic and message it expects, or that nothing is posted.
 */
export interface WebhookCase {
  test: string;
  fixture: string;
  topic: string | null;
  content: string | null;
  /** URL parameters as the public server's test writes them into the URL (already escaped). */
  params?: Record<string, string>;
  headers?: Record<string, string>;
  noop?: boolean;
  /** The request's content type when not application/json (the public server reads the body as JSON regardless). */
  contentType?: string;
}

const fixturesDir = (integration: string): URL => new URL(`../fixtures/webhooks/${integration}/`, import.meta.url);

export const webhookCases = (integration: string): WebhookCase[] => JSON.parse(readFileSync(new URL('cases.json', fixturesDir(integration)), 'utf8')) as WebhookCase[];

export const webhookFixture = (integration: string, file: string): string => readFileSync(new URL(file, fixturesDir(integration)), 'utf8');

/** A server with a member, an incoming-webhook bot of theirs and a channel named after the integration. */
export interface WebhookBench {
  server: TestServer;
  member: ApiClient;
  bot: MadeBot;
  /** POST /external/<integration> as the bot, into the integration's channel unless `stream` says otherwise. */
  post(body: string, params?: Record<string, string>, headers?: Record<string, string>, rawQuery?: string): Promise<{ status: number; body: Record<string, unknown> }>;
  /** The newest message the member can see (raw Markdown). */
  lastMessage(): Promise<Record<string, unknown>>;
}

export async function startWebhookBench(integration: string): Promise<WebhookBench> {
  const { server, member } = await startServerWith('member');
  await createChannels(member, [integration]);
  const bot = await createBot(member, `${integration.replace(/_/g, '-')}-hook`, { bot_type: 2 });
  return {
    server,
    member,
    bot,
    async post(body, params = {}, headers = {}, rawQuery = '') {
      const query = new URLSearchParams({ api_key: bot.apiKey, stream: integration, ...params });
      const res = await fetch(`${member.baseUrl}/api/v1/external/${integration}?${query}${rawQuery}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    async lastMessage() {
      const got = expectSuccess(await member.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, apply_markdown: false }));
      return (got.messages as Record<string, unknown>[])[0] ?? {};
    },
  };
}

/** One `it` per case of the public server's tests: the same topic and message for the same fixture. */
export function itMatchesPublicServer(integration: string, bench: () => WebhookBench, substitutions: [string, string][] = []): void {
  for (const c of webhookCases(integration)) {
    it(`${c.test}: ${c.fixture}`, async () => {
      const b = bench();
      const before = await b.lastMessage();
      const rawQuery = Object.entries(c.params ?? {})
        .map(([key, value]) => `&${key}=${value}`)
        .join('');
      const res = await b.post(webhookFixture(integration, c.fixture), {}, { ...(c.contentType ? { 'Content-Type': c.contentType } : {}), ...c.headers }, rawQuery);
      expect(res).to.deep.equal({ status: 200, body: { result: 'success', msg: '' } });
      const message = await b.lastMessage();
      if (c.noop) {
        expect(message.id).to.equal(before.id);
        return;
      }
      expect(message.id).to.not.equal(before.id);
      // At feature level 420 "(no topic)" is the empty topic, which clients without empty-topic support see as "general chat".
      const topic = c.topic === '(no topic)' ? 'general chat' : c.topic;
      const content = substitutions.reduce((text, [from, to]) => text?.split(from).join(to) ?? null, c.content);
      expect({ topic: message.subject, content: message.content }).to.deep.equal({ topic, content });
      expect(message).to.include({ sender_id: b.bot.userId, display_recipient: integration });
    });
  }
}
