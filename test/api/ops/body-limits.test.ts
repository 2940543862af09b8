import { request } from 'node:http';
import { connect } from 'node:net';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../support/test-server.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** Sends a request whose declared body is never sent in full: the answer must not wait for it. */
function sendPartial(url: string, path: string, headers: Record<string, string>, firstBytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.write(firstBytes);
  });
}

/** Writes raw bytes on a socket and returns what comes back before the server closes it. */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

const jsonOf = (answer: string): Record<string, unknown> => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

describe('ops: limits before work', function () {
  this.timeout(20000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { CHAT_REQUEST_TIMEOUT_MS: '1500', CHAT_HEADERS_TIMEOUT_MS: '1000' } });
  });
  after(() => server.stop());

  it('refuses an unauthenticated body over 64 KiB from its declared length, without reading it', async () => {
    const answer = await sendPartial(server.url, '/api/v1/fetch_api_key', { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(200 * 1024 * 1024) }, 'username=a');
    expect(answer.status).to.equal(413);
    expect(answer.body).to.include({ result: 'error', code: 'BAD_REQUEST', msg: 'Request body too large' });
  });

  it('asks for credentials before reading the body of an authenticated route', async () => {
    const answer = await sendPartial(server.url, '/api/v1/messages', { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '500000' }, 'type=stream');
    expect(answer.status).to.equal(401);
    expect(answer.body).to.include({ code: 'UNAUTHORIZED' });
  });

  it('refuses a multipart field over the unauthenticated limit with 413', async () => {
    const form = new FormData();
    form.set('username', 'x'.repeat(20 * 1024));
    form.set('password', 'y');
    const res = await server.anonymous.request('POST', '/fetch_api_key', form);
    expect(res.status, JSON.stringify(res.body)).to.equal(413);
    expect(res.body).to.include({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('answers a URL over 8 KiB with 414, and one past Node\'s header limit too, in the JSON envelope', async () => {
    const long = await fetch(`${server.url}/api/v1/server_settings?pad=${'a'.repeat(9000)}`);
    expect(long.status).to.equal(414);
    expect(await long.json()).to.include({ result: 'error', code: 'BAD_REQUEST' });
    const huge = await rawExchange(server.url, `GET /api/v1/server_settings?pad=${'a'.repeat(20000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(huge).to.match(/^HTTP\/1\.1 414 /);
    expect(jsonOf(huge)).to.include({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('answers headers over Node\'s limit with 431 in the JSON envelope', async () => {
    const answer = await rawExchange(server.url, `GET /api/v1/server_settings HTTP/1.1\r\nHost: x\r\nX-Pad: ${'b'.repeat(20000)}\r\n\r\n`);
    expect(answer).to.match(/^HTTP\/1\.1 431 /);
    expect(jsonOf(answer)).to.include({ result: 'error', msg: 'Request headers too large' });
  });

  it('answers 408 and closes a request whose body trickles in past the request timeout', async () => {
    const started = Date.now();
    const { hostname, port } = new URL(server.url);
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write('POST /api/v1/fetch_api_key HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n');
        const timer = setInterval(() => socket.write('a'), 200);
        socket.on('close', () => clearInterval(timer));
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => undefined);
    });
    expect(Date.now() - started).to.be.below(5000);
    expect(closed).to.match(/^HTTP\/1\.1 408 /);
    expect(jsonOf(closed)).to.include({ result: 'error', msg: 'Request took too long to arrive' });
  });
});
