// Baseline for start-up: node:http answering every request with a fixed body, started as plain
// JavaScript (no loader): what starting a Node process that serves HTTP costs at this hour.
import http from 'node:http';

const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 });
  res.end('{}');
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
