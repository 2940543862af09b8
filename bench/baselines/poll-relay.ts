import http from 'node:http';

/**
 * Baseline for delivery: a bare node:http long-poll relay with the chat API's shapes and none of its
 * work. `POST /api/v1/register` (form field `channel`) makes a queue; `POST /api/v1/messages` (form
 * fields `to`, `content`) appends a message event to every queue of that channel and answers the polls
 * held on them; `GET /api/v1/events?queue_id=…&last_event_id=…` acknowledges, then answers with what
 * the queue holds after that, or is held until something arrives; `GET /held` counts the polls held.
 * Like the chat server (and unlike bare-http.ts), a queue keeps its events for a poll that comes late,
 * and the accept queue is as long as the kernel allows. No authentication, no log, no read models:
 * what is left is Node's HTTP, a form parse and a JSON string per answer.
 */
interface Queue {
  id: string;
  events: { id: number; json: string }[];
  next: number;
  held: http.ServerResponse | null;
}

const queues = new Map<string, Queue>();
const channels = new Map<string, Queue[]>();

function answer(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function release(queue: Queue): void {
  const res = queue.held;
  if (!res || queue.events.length === 0) return;
  queue.held = null;
  answer(res, 200, `{"result":"success","msg":"","events":[${queue.events.map((event) => event.json).join(',')}],"queue_id":"${queue.id}"}`);
}

function register(form: URLSearchParams, res: http.ServerResponse): void {
  const channel = form.get('channel') ?? '';
  const queue: Queue = { id: `q${queues.size + 1}`, events: [], next: 0, held: null };
  queues.set(queue.id, queue);
  let members = channels.get(channel);
  if (!members) channels.set(channel, (members = []));
  members.push(queue);
  answer(res, 200, JSON.stringify({ result: 'success', msg: '', queue_id: queue.id, last_event_id: -1 }));
}

function send(form: URLSearchParams, res: http.ServerResponse): void {
  const message = JSON.stringify({ type: 'message', message: { content: form.get('content') ?? '', display_recipient: form.get('to') ?? '' } });
  for (const queue of channels.get(form.get('to') ?? '') ?? []) {
    queue.events.push({ id: queue.next, json: `${message.slice(0, -1)},"id":${queue.next}}` });
    queue.next += 1;
    release(queue);
  }
  answer(res, 200, '{"result":"success","msg":"","id":1}');
}

function poll(query: URLSearchParams, res: http.ServerResponse): void {
  const queue = queues.get(query.get('queue_id') ?? '');
  if (!queue) return answer(res, 400, '{"result":"error","msg":"Bad event queue ID","code":"BAD_EVENT_QUEUE_ID"}');
  const acked = Number(query.get('last_event_id') ?? -1);
  queue.events = queue.events.filter((event) => event.id > acked);
  queue.held = res;
  res.once('close', () => {
    if (queue.held === res) queue.held = null;
  });
  release(queue);
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const [path, query = ''] = (req.url ?? '').split('?');
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    if (req.method === 'GET' && path === '/api/v1/events') poll(new URLSearchParams(query), res);
    else if (req.method === 'GET' && path === '/held') answer(res, 200, JSON.stringify({ held: [...queues.values()].filter((queue) => queue.held).length }));
    else if (req.method === 'POST' && path === '/api/v1/register') register(form, res);
    else if (req.method === 'POST' && path === '/api/v1/messages') send(form, res);
    else answer(res, 200, '{"result":"success","msg":""}');
  });
});
server.keepAliveTimeout = 65_000;
server.listen({ port: Number(process.env.PORT), host: '127.0.0.1', backlog: 65_535 });
process.on('SIGTERM', () => process.exit(0));
