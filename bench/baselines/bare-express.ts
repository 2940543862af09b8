import { Ajv } from 'ajv';
import express from 'express';
import basicAuth from 'express-basic-auth';

/** Baseline: express doing only what every API request must: Basic auth, urlencoded body parsing, one ajv check. */
const users: Record<string, string> = {};
for (let i = 0; i < 100; i++) users[`user${i}@bench.example`] = `key${i}`;
const validate = new Ajv({ coerceTypes: true }).compile({
  type: 'object',
  properties: { type: { type: 'string' }, to: { type: 'string' }, topic: { type: 'string' }, content: { type: 'string' } },
  required: ['type', 'to', 'content'],
});

const app = express();
app.use(basicAuth({ users }));
app.use(express.urlencoded({ extended: false }));
app.all('/{*rest}', (req, res) => {
  const body: unknown = { ...req.query, ...(req.body as object) };
  if (!validate(body)) {
    res.status(400).json({ result: 'error', msg: 'invalid', code: 'BAD_REQUEST' });
    return;
  }
  res.json({ result: 'success', msg: '', id: 1 });
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
server.keepAliveTimeout = 65_000;
process.on('SIGTERM', () => process.exit(0));
