import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Ajv } from 'ajv';
import { ApiError } from '@chat/core';
import { LeanLane, RequestSchemaCheck, RouteCallRunner, type Route, type RouteCall } from '@chat/http';

const basic = (credentials: string): string => `Basic ${Buffer.from(credentials).toString('base64')}`;
const ANN = basic('ann@example.com:good-key');

const schema = { $id: 'poll', type: 'object', properties: { queue_id: { type: 'string' }, dont_block: { type: 'boolean' } } };
const check = new RequestSchemaCheck(schema, (each) => new Ajv({ coerceTypes: true }).compile(each));

describe('the lean lane', () => {
  let server: Server;
  let base: string;
  const calls: RouteCall[] = [];
  const passedOn: string[] = [];
  const serverErrors: unknown[] = [];

  const poll: Route = {
    method: 'GET',
    path: '/events',
    auth: 'required',
    schema: 'poll',
    lean: true,
    handle: async (call) => {
      calls.push(call);
      if (call.params.queue_id === 'broken') throw new Error('disk on fire');
      if (call.params.queue_id === 'unknown') throw new ApiError('BAD_EVENT_QUEUE_ID', 400, 'Bad event queue ID: unknown');
      return { got: call.params };
    },
  };
  const authenticator = {
    authenticate: async (email: string, key: string) =>
      key === 'good-key' ? { user_id: 7, email } : new ApiError('INVALID_API_KEY', 401, 'Invalid API key'),
  };
  /** What express would be: here it only records what the lane left to it. */
  const behind = (req: IncomingMessage, res: ServerResponse): void => {
    passedOn.push(`${req.method} ${req.url}`);
    res.writeHead(418).end();
  };

  before(async () => {
    const lane = new LeanLane('/api/v1', [new RouteCallRunner(poll, check)], authenticator, (error) => serverErrors.push(error));
    server = await new Promise<Server>((resolve) => {
      const listening = createServer(lane.before(behind)).listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());
  beforeEach(() => {
    calls.length = 0;
    passedOn.length = 0;
    serverErrors.length = 0;
  });

  const get = (path: string, authorization = ANN, init: RequestInit = {}): Promise<Response> =>
    fetch(`${base}${path}`, { ...init, headers: { authorization, ...(init.headers as Record<string, string>) } });

  /** A GET carrying a form body (fetch cannot send one). */
  const getWithBody = (path: string, body: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const headers = { authorization: ANN, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) };
      const req = request(`${base}${path}`, { method: 'GET', headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(body);
    });

  it('serves a plain call itself: checked parameters, the caller, the success envelope', async () => {
    const res = await get('/api/v1/events?queue_id=q1&dont_block=true');
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ result: 'success', msg: '', got: { queue_id: 'q1', dont_block: true } });
    expect(calls[0].caller).to.deep.equal({ user_id: 7, email: 'ann@example.com' });
    expect(passedOn).to.deep.equal([]);
  });

  it('keeps the last of a repeated parameter and reports unknown ones, as express does', async () => {
    const res = await get('/api/v1/events?queue_id=a&queue_id=b&colour=blue');
    expect(await res.json()).to.deep.equal({ result: 'success', msg: '', got: { queue_id: 'b' }, ignored_parameters_unsupported: ['colour'] });
  });

  it('answers a refusal from the view with its error envelope', async () => {
    const res = await get('/api/v1/events?queue_id=unknown');
    expect(res.status).to.equal(400);
    expect(await res.json()).to.deep.equal({ result: 'error', msg: 'Bad event queue ID: unknown', code: 'BAD_EVENT_QUEUE_ID' });
  });

  it('answers a bad parameter with the error naming it', async () => {
    const res = await get('/api/v1/events?dont_block=maybe');
    expect(res.status).to.equal(400);
    const body = await res.json();
    expect(body).to.deep.include({ code: 'BAD_REQUEST' });
    expect(body).to.not.have.property('var_name');
  });

  it('answers a failure of ours 500 without details, and logs it', async () => {
    const res = await get('/api/v1/events?queue_id=broken');
    expect(res.status).to.equal(500);
    expect(await res.json()).to.deep.equal({ result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
    expect(serverErrors).to.have.length(1);
  });

  it('leaves refused or missing credentials to express, which answers them', async () => {
    expect((await get('/api/v1/events?queue_id=q1', basic('ann@example.com:bad-key'))).status).to.equal(418);
    expect((await get('/api/v1/events?queue_id=q1', '')).status).to.equal(418);
    expect((await get('/api/v1/events?queue_id=q1', 'Bearer token')).status).to.equal(418);
    expect(calls).to.deep.equal([]);
    expect(passedOn).to.have.length(3);
  });

  it('leaves other paths, other methods and requests with a body to express', async () => {
    await get('/api/v1/events/');
    await get('/api/v1/EVENTS?queue_id=q1');
    await get('/api/v1/events', ANN, { method: 'DELETE' });
    await get('/api/v1/events', ANN, { method: 'HEAD' });
    expect(await getWithBody('/api/v1/events', 'queue_id=q2')).to.equal(418);
    expect(calls).to.deep.equal([]);
    expect(passedOn).to.deep.equal(['GET /api/v1/events/', 'GET /api/v1/EVENTS?queue_id=q1', 'DELETE /api/v1/events', 'HEAD /api/v1/events', 'GET /api/v1/events']);
  });

  it('refuses to take a route it could not serve the same way', () => {
    const withPathParam: Route = { ...poll, path: '/events/:id' };
    const posted: Route = { ...poll, method: 'POST' };
    const optional: Route = { ...poll, auth: 'optional' };
    for (const route of [withPathParam, posted, optional]) {
      expect(() => new LeanLane('/api/v1', [new RouteCallRunner(route, check)], authenticator)).to.throw(/cannot be lean/);
    }
  });
});
