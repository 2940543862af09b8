import { Ajv } from 'ajv';
import express from 'express';
import basicAuth from 'express-basic-auth';

/**
 * Baseline: express doing only what every API request must: Basic auth, urlencoded body parsing, the
 * JSON-carrying fields decoded, one ajv check. A send is checked for its fields and answered with a
 * small body; a request with `_bytes` (the size of the chat server's answer to the same request: a
 * register, a search, 10,000 messages marked read) is answered with a body of that many bytes.
 */
const users: Record<string, string> = {};
for (let i = 0; i < 100; i++) users[`user${i}@bench.example`] = `key${i}`;
const ajv = new Ajv({ coerceTypes: true });
const validateSend = ajv.compile({
  type: 'object',
  properties: { type: { type: 'string' }, to: { type: 'string' }, topic: { type: 'string' }, content: { type: 'string' } },
  required: ['type', 'to', 'content'],
});
const validateAny = ajv.compile({ type: 'object', properties: { _bytes: { type: 'integer', minimum: 0 } } });

const bodies = new Map<number, string>();
/** A success body of exactly `bytes` bytes (at least the envelope), made once per size. */
function bodyOf(bytes: number): string {
  let body = bodies.get(bytes);
  if (body === undefined) {
    const envelope = '{"result":"success","msg":"","pad":""}';
    body = `${envelope.slice(0, -2)}${'x'.repeat(Math.max(0, bytes - envelope.length))}"}`;
    bodies.set(bytes, body);
  }
  return body;
}

/** Parameters as the chat server sees them: query and body, JSON-looking values decoded. */
function paramsOf(req: express.Request): Record<string, unknown> {
  const params: Record<string, unknown> = { ...req.query, ...(req.body as object) };
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && /^[[{]/.test(value)) {
      try {
        params[name] = JSON.parse(value);
      } catch {
        // a string after all
      }
    }
  }
  return params;
}

const app = express();
// As the chat server: no ETag (a hash of every answer) and no X-Powered-By.
app.disable('etag');
app.disable('x-powered-by');
app.use(basicAuth({ users }));
app.use(express.urlencoded({ extended: false, limit: '10mb' }));
app.all('/{*rest}', (req, res) => {
  const params = paramsOf(req);
  if (params._bytes !== undefined) {
    if (!validateAny(params)) return void res.status(400).json({ result: 'error', msg: 'invalid', code: 'BAD_REQUEST' });
    res.type('application/json').send(bodyOf(Number(params._bytes)));
    return;
  }
  if (!validateSend(params)) {
    res.status(400).json({ result: 'error', msg: 'invalid', code: 'BAD_REQUEST' });
    return;
  }
  res.json({ result: 'success', msg: '', id: 1 });
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
server.keepAliveTimeout = 65_000;
process.on('SIGTERM', () => process.exit(0));
