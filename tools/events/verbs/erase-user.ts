import { parseArgs } from 'node:util';
import { type CliIo, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Verb } from '../verb.js';

const MODES = ['with_messages', 'preserving_messages'] as const;

const options = {
  'server-url': { type: 'string' },
  email: { type: 'string' },
  'api-key': { type: 'string' },
  'user-id': { type: 'string' },
  mode: { type: 'string' },
  yes: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

interface EraseRequest {
  serverUrl: string;
  email: string;
  apiKey: string;
  userId: number;
  mode: (typeof MODES)[number];
  json: boolean;
}

function parse(argv: string[], env: NodeJS.ProcessEnv): EraseRequest {
  const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
  const serverUrl = values['server-url'];
  if (!serverUrl) throw new Error('--server-url is required: the erasure is made by the running server');
  const email = values.email ?? env.CHAT_EMAIL;
  const apiKey = values['api-key'] ?? env.CHAT_API_KEY;
  if (!email || !apiKey) throw new Error("--server-url needs an owner's --email and --api-key (or CHAT_EMAIL and CHAT_API_KEY)");
  const userId = Number(values['user-id']);
  if (!Number.isSafeInteger(userId) || userId < 1) throw new Error(`--user-id must be a user's id, not '${values['user-id'] ?? ''}'`);
  const mode = MODES.find((each) => each === values.mode);
  if (!mode) throw new Error(`--mode must be one of ${MODES.join(', ')}, not '${values.mode ?? ''}'`);
  if (!values.yes) throw new Error('an erasure cannot be undone: pass --yes to make it');
  return { serverUrl, email, apiKey, userId, mode, json: values.json === true };
}

/**
 * `erase-user`: an owner erases a deactivated person through the running server
 * (POST /api/v1/erasure/users/{user_id}; docs/topics/forgetting.md), which applies it as every other
 * change: one command in the log, read models and clients told at once.
 */
export const verb: Verb = {
  name: 'erase-user',
  summary: 'Erase a deactivated person through the running server, with their messages or keeping them under a placeholder',
  usage: `  --server-url <url>    the running server
  --email <email>       an organization owner's email (default: CHAT_EMAIL)
  --api-key <key>       their API key (default: CHAT_API_KEY)
  --user-id <id>        the deactivated person to erase
  --mode <mode>         with_messages: the messages they sent and their one-to-one direct messages go too;
                        preserving_messages: their messages stay, shown as sent by "Deleted User <id>"
  --yes                 required: an erasure cannot be undone
  --json                print the server's answer as JSON

Exits 0 once erased, 1 when the server refuses (the reason is printed), 2 on bad usage.`,

  async run(argv: string[], io: CliIo): Promise<number> {
    let request: EraseRequest;
    try {
      request = parse(argv, io.env);
    } catch (error) {
      io.stderr.write(`erase-user: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_USAGE;
    }
    const url = `${request.serverUrl.replace(/\/+$/, '')}/api/v1/erasure/users/${request.userId}`;
    const authorization = `Basic ${Buffer.from(`${request.email}:${request.apiKey}`).toString('base64')}`;
    let status: number;
    let body: Record<string, unknown>;
    try {
      const response = await fetch(url, { method: 'POST', headers: { authorization }, body: new URLSearchParams({ mode: request.mode }) });
      status = response.status;
      body = ((await response.json().catch(() => null)) as Record<string, unknown> | null) ?? {};
    } catch (error) {
      io.stderr.write(`erase-user: ${url}: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT_FAILURE;
    }
    if (status !== 200 || body.result !== 'success') {
      io.stderr.write(`erase-user: refused (${String(body.code ?? `HTTP ${status}`)}): ${String(body.msg ?? '')}\n`);
      return EXIT_FAILURE;
    }
    const messages = Array.isArray(body.deleted_message_ids) ? body.deleted_message_ids.length : 0;
    const files = Array.isArray(body.deleted_attachment_ids) ? body.deleted_attachment_ids.length : 0;
    if (request.json) io.stdout.write(`${JSON.stringify({ user_id: request.userId, mode: request.mode, ...body })}\n`);
    else io.stdout.write(`erased user ${request.userId} (${request.mode}): ${messages} messages and ${files} files deleted with them\n`);
    return EXIT_OK;
  },
};
