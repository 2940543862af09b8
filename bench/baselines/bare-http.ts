import http from 'node:http';

/**
 * Baseline: bare node:http answering a fixed JSON body. Long-polls (`GET /api/v1/events`, as the chat
 * server's pollers send them) are held until a `POST /release`, which answers every held one with one
 * serialized body, written directly. `GET /held` tells how many are held: unlike the chat server, which
 * queues the event for a poll that comes late, this releases only the polls already there.
 */
const BODY = JSON.stringify({ result: 'success', msg: '', id: 1 });
const EVENT = JSON.stringify({ result: 'success', msg: '', events: [{ type: 'message', id: 0, message: { content: 'x' } }], queue_id: 'q' });
const held: http.ServerResponse[] = [];

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'GET' && req.url?.startsWith('/api/v1/events')) {
      held.push(res);
      return;
    }
    if (req.url?.startsWith('/held')) {
      const body = JSON.stringify({ held: held.length });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    if (req.url?.startsWith('/release')) {
      const waiting = held.splice(0);
      for (const each of waiting) {
        each.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(EVENT) });
        each.end(EVENT);
      }
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
    res.end(BODY);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
