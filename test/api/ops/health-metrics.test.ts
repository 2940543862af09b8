import { Writable } from 'node:stream';
import { expect } from 'chai';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { pino } from 'pino';
import { Histogram } from 'prom-client';
import { formEncode } from '../../support/api-client.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** A pino destination that keeps each JSON line. */
class LogLines extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString().split('\n').filter(Boolean)) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  }
}

describe('ops: health, readiness, metrics and the request log', function () {
  this.timeout(20000);
  let server: TestServer;
  const log = new LogLines();
  const fatal: Error[] = [];
  before(async () => {
    // Short waits, so the failing-store case below shows retries, a late answer and giving up within the test.
    const env = { CHAT_READ_YOUR_WRITES_WAIT_MS: '200', CHAT_PROJECTION_RETRY_SECONDS: '3' };
    server = await startTestServer({ log: pino({ level: 'info' }, log), env, onFatal: (error) => fatal.push(error) });
  });
  after(() => server.stop());

  it('echoes the client\'s X-Request-Id, logs one line with it, and stores it on the events the request appended', async () => {
    const res = await server.owner.request('POST', '/users/me/presence', formEncode({ status: 'active' }), { 'X-Request-Id': 'ops-test-7' });
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-request-id')).to.equal('ops-test-7');
    const renamed = await server.owner.request('PATCH', '/realm', formEncode({ name: 'Renamed' }), { 'X-Request-Id': 'ops-rename-1' });
    expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    expect(renamed.headers.get('x-request-id')).to.equal('ops-rename-1');
    const lines = log.lines.filter((line) => line.reqId === 'ops-rename-1');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ msg: 'request', method: 'PATCH', path: '/api/v1/realm', route: '/realm', status: 200 });
    expect(lines[0].ms).to.be.a('number');
    const stored = [];
    for await (const event of server.ctx.store.readAll()) if (event.metadata.request_id === 'ops-rename-1') stored.push(event.type);
    // With its change, a write under a client's id records the id taken and the answer (docs/topics/idempotency.md).
    expect(stored).to.deep.equal(['RequestAccepted', 'RealmProfileChanged', 'RequestAnswered']);
  });

  it('makes an id for every response when the client sent none, unmatched paths and refusals included', async () => {
    const ids = new Set<string>();
    for (const path of ['/api/v1/users/me', '/api/v1/nowhere', '/health']) {
      const res = await fetch(`${server.url}${path}`);
      const id = res.headers.get('x-request-id') ?? '';
      expect(id, path).to.match(/^[0-9a-f-]{36}$/);
      ids.add(id);
    }
    expect(ids.size).to.equal(3);
  });

  it('serves Prometheus metrics: requests by route and status, latency, lag, appends, queues, polls, event-loop lag', async () => {
    await server.owner.get('/users/me');
    await server.owner.post('/register');
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.contain('text/plain');
    const families = new Map(parsePrometheusTextFormat(await res.text()).map((family) => [family.name, family]));
    const requests = families.get('chat_http_requests_total');
    expect(requests?.type).to.equal('COUNTER');
    const me = requests?.metrics.find((sample) => sample.labels?.route === '/users/me' && sample.labels?.method === 'GET' && sample.labels?.status === '200');
    expect(Number(me?.value)).to.be.at.least(1);
    expect(families.get('chat_http_request_duration_seconds')?.type).to.equal('HISTOGRAM');
    // The text parser drops a labelled histogram's labels: its per-route counts are read from prom-client itself.
    const histogram = server.metrics.registry.getSingleMetric('chat_http_request_duration_seconds');
    if (!(histogram instanceof Histogram)) throw new Error('no request latency histogram');
    const meCount = (await histogram.get()).values.find((sample) => sample.metricName === 'chat_http_request_duration_seconds_count' && sample.labels.route === '/users/me');
    expect(meCount?.value).to.be.at.least(1);
    expect(Number(families.get('chat_eventstore_append_duration_seconds')?.metrics[0].count)).to.be.at.least(1);
    expect(families.get('chat_projection_lag_events')?.metrics[0].value).to.equal('0');
    expect(families.get('chat_projection_lag_seconds')?.metrics[0].value).to.equal('0');
    expect(Number(families.get('chat_event_queues')?.metrics[0].value)).to.equal(1);
    expect(families.get('chat_held_polls')?.metrics[0].value).to.equal('0');
    expect(families.get('chat_ready')?.metrics[0].value).to.equal('1');
    expect(families.has('nodejs_eventloop_lag_seconds')).to.equal(true);
    expect(families.has('nodejs_eventloop_lag_p99_seconds')).to.equal(true);
  });

  it("exposes the event loop's delay as a histogram whose samples accumulate between scrapes", async () => {
    const delays = async () => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      return new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family])).get('chat_event_loop_delay_seconds');
    };
    let family = await delays();
    expect(family?.type).to.equal('HISTOGRAM');
    expect(Object.keys(family?.metrics[0].buckets ?? {})).to.include.members(['0.005', '0.02', '0.1', '1']);
    // The probe samples on a timer: wait for its samples to show (no time is asserted).
    const first = Number(family?.metrics[0].count);
    while (Number(family?.metrics[0].count) <= first) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      family = await delays();
    }
    // Cumulative counts by upper bound (the parser keeps them as object keys, "+Inf" among them).
    const buckets = Object.entries(family?.metrics[0].buckets ?? {})
      .map(([bound, count]) => [bound === '+Inf' ? Number.POSITIVE_INFINITY : Number(bound), Number(count)])
      .sort((a, b) => a[0] - b[0])
      .map(([, count]) => count);
    expect(buckets).to.deep.equal([...buckets].sort((a, b) => a - b));
    expect(buckets[buckets.length - 1]).to.equal(Number(family?.metrics[0].count));
  });

  it('answers /health always; /ready 503 projection_retrying (naming the projection and the error) while a store fails, without a 500 for the write; ready again once it answers, and gives up past its deadline', async () => {
    expect(await (await fetch(`${server.url}/health`)).json()).to.deep.equal({ status: 'ok' });
    const ready = await fetch(`${server.url}/ready`);
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.equal({ status: 'ready', lag_events: 0, lag_seconds: 0 });

    const put = server.ctx.models.realm.put.bind(server.ctx.models.realm);
    server.ctx.models.realm.put = async () => {
      throw new Error('disk full');
    };
    // The change is in the log: it is answered as done, after a bounded wait for the read models.
    const renamed = await server.owner.patch('/realm', { name: 'Applied later' });
    expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    const retrying = await fetch(`${server.url}/ready`);
    expect(retrying.status).to.equal(503);
    const body = (await retrying.json()) as { reason: string; failing: { what: string; error: string; attempts: number }; lag_events: number };
    expect(body).to.include({ reason: 'projection_retrying', lag_events: 1 });
    expect(body.failing).to.include({ error: 'disk full' });
    expect(body.failing.what).to.equal('realm');
    expect(body.failing.attempts).to.be.at.least(1);
    expect(log.lines.some((line) => line.msg === 'projection failed; retrying')).to.equal(true);

    server.ctx.models.realm.put = put;
    await server.ctx.runner.waitFor(await server.ctx.store.headPosition(), 10_000);
    expect((await fetch(`${server.url}/ready`)).status).to.equal(200);
    expect((await server.ctx.models.realm.all()).map((realm) => realm.name)).to.deep.equal(['Applied later']);

    server.ctx.models.realm.put = async () => {
      throw new Error('disk full');
    };
    expect((await server.owner.patch('/realm', { name: 'Never applied' })).status).to.equal(200);
    while (fatal.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const stale = await fetch(`${server.url}/ready`);
    expect(stale.status).to.equal(503);
    expect(await stale.json()).to.include({ status: 'not_ready', reason: 'projection_failed' });
    expect(fatal[0].message).to.match(/failed for 3 s .*disk full$/);
    expect((await fetch(`${server.url}/health`)).status).to.equal(200);
  });
});
