import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Ajv } from 'ajv';
import { ApiError } from '@chat/core';
import { createApp, HANDLED, RequestSchemaCheck, type Route, type RouteCall } from '@chat/http';

const BASIC = `Basic ${Buffer.from('ann@example.com:key').toString('base64')}`;

describe('route dispatch through the app', () => {
  let server: Server;
  let base: string;
  const calls: RouteCall[] = [];
  const serverErrors: unknown[] = [];

  const route = (method: Route['method'], path: string, handle: Route['handle'], auth: Route['auth'] = 'required'): Route => ({
    method,
    path,
    auth,
    schema: 'any',
    handle,
  });
  const echo: Route['handle'] = async (call) => {
    calls.push(call);
    return { path: call.path };
  };

  before(async () => {
    const app = createApp({
      routes: [
        route('GET', '/users/me', echo),
        route('GET', '/users/:user', echo),
        route('POST', '/users/:user', echo),
        route('GET', '/server_settings', echo, 'none'),
        route('GET', '/user_uploads/:realm_id_str/*filename', echo),
        route('GET', '/broken', async () => Promise.reject(new Error('disk on fire'))),
        route('GET', '/refused', async () => Promise.reject(new ApiError('BAD_REQUEST', 400, 'No'))),
        { ...route('GET', '/page', async (call) => {
          call.raw.res.end('page');
          return HANDLED;
        }, 'none'), page: true },
      ],
      schemas: new Map([['any', new RequestSchemaCheck({ $id: 'any' }, (schema) => new Ajv().compile(schema))]]),
      authenticator: { authenticate: async (email) => ({ user_id: 7, email }) },
      onServerError: (error) => serverErrors.push(error),
    });
    server = await new Promise<Server>((resolve) => {
      const listening = createServer(app).listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());
  beforeEach(() => {
    calls.length = 0;
    serverErrors.length = 0;
  });

  const send = (method: string, path: string, authorization = BASIC): Promise<Response> =>
    fetch(`${base}${path}`, { method, headers: { authorization } });

  it('runs Basic auth, then the view with the decoded path parameters', async () => {
    const res = await send('GET', '/api/v1/users/ann%40example.com');
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ result: 'success', msg: '', path: { user: 'ann@example.com' } });
    expect(calls[0].caller).to.deep.equal({ user_id: 7, email: 'ann@example.com' });
  });

  it('hands a wildcard to the view as its segments', async () => {
    const res = await send('GET', '/api/v1/user_uploads/2/ab/my%20file.pdf');
    expect(await res.json()).to.deep.include({ path: { realm_id_str: '2', filename: ['ab', 'my file.pdf'] } });
  });

  it('stops at the auth middleware when credentials are missing', async () => {
    const res = await send('GET', '/api/v1/users/me', '');
    expect(res.status).to.equal(401);
    expect(res.headers.get('www-authenticate')).to.equal('Basic realm="chat"');
    expect(calls).to.deep.equal([]);
  });

  it('serves HEAD from the GET route, without a body', async () => {
    const res = await send('HEAD', '/api/v1/server_settings');
    expect(res.status).to.equal(200);
    expect(await res.text()).to.equal('');
    expect(calls).to.have.length(1);
  });

  it('answers a known path with another method 405, listing its methods', async () => {
    const res = await send('DELETE', '/api/v1/users/5');
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.equal('GET, POST');
    expect(await res.json()).to.deep.equal({ allowed_methods: ['GET', 'POST'], result: 'error', msg: 'Method Not Allowed', code: 'METHOD_NOT_ALLOWED' });
  });

  it('passes an unknown path on to the pages, then to the not-found answer', async () => {
    expect(await (await send('GET', '/page')).text()).to.equal('page');
    const res = await send('GET', '/api/v1/nowhere');
    expect(res.status).to.equal(404);
    expect(await res.json()).to.deep.equal({ result: 'error', msg: 'Endpoint not found: GET /api/v1/nowhere', code: 'NOT_FOUND' });
  });

  it('answers a malformed escape in a path parameter 400, as express does', async () => {
    const res = await send('GET', '/api/v1/users/%E0%A4%A');
    expect(res.status).to.equal(400);
    expect(await res.json()).to.deep.equal({ result: 'error', msg: 'Malformed request body', code: 'BAD_REQUEST' });
    expect(serverErrors).to.deep.equal([]);
  });

  it("hands an async view's rejection to the error handler", async () => {
    const refused = await send('GET', '/api/v1/refused');
    expect(refused.status).to.equal(400);
    expect(await refused.json()).to.deep.equal({ result: 'error', msg: 'No', code: 'BAD_REQUEST' });
    const broken = await send('GET', '/api/v1/broken');
    expect(broken.status).to.equal(500);
    expect(await broken.json()).to.deep.equal({ result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    expect(serverErrors).to.have.length(1);
  });
});
