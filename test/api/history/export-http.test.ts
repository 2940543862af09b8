import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ExportLine } from '@chat/eventstore';
import type { ApiClient } from '../../support/api-client.js';
import { expectValidExportLines } from '../../support/export-line-schemas.js';
import { exportOverHttp } from '../../support/export-requests.js';
import { startFixtureServer, USER_TOPICS_V1 } from '../../support/fixture-log.js';
import type { TestServer } from '../../support/test-server.js';

const positions = (lines: readonly ExportLine[]): number[] => lines.map((line) => line.position);
const FIXTURE_HEAD = 31;

describe('GET /export/events', function () {
  let server: TestServer;

  before(async function () {
    server = await startFixtureServer(USER_TOPICS_V1);
  });
  after(() => server.stop());

  it('streams the whole log to an owner as NDJSON, each line valid, events in their current version', async function () {
    const res = await exportOverHttp(server.owner);
    expect(res.status).to.equal(200);
    expect(res.contentType).to.equal('application/x-ndjson; charset=utf-8');
    expect(res.text.endsWith('\n')).to.equal(true);
    expect(positions(res.lines).slice(0, FIXTURE_HEAD)).to.deep.equal(Array.from({ length: FIXTURE_HEAD }, (_, i) => i + 1));
    expectValidExportLines(res.lines);
    const topics = res.lines.filter((line) => line.type === 'UserTopicChanged');
    expect(topics.map((line) => [line.version, (line.data as { visibility_policy: string }).visibility_policy])).to.deep.equal([
      [2, 'followed'], [2, 'followed'], [2, 'muted'], [2, 'unmuted'], [2, 'inherit'], [2, 'followed'],
    ]);
  });

  it('keeps the stored versions with original=true', async function () {
    const res = await exportOverHttp(server.owner, { type: 'UserTopicChanged', original: true });
    expect(res.lines.map((line) => [line.version, (line.data as { visibility_policy: number }).visibility_policy])).to.deep.equal([
      [1, 3], [1, 3], [1, 1], [1, 2], [1, 0], [1, 3],
    ]);
    expectValidExportLines(res.lines);
  });

  it('applies the CLI filters given as query parameters: one value, or a JSON list', async function () {
    const cases: [Record<string, unknown>, number[]][] = [
      [{ from_position: '20', to_position: '24' }, [20, 21, 22, 23, 24]],
      [{ since: '2026-01-01T00:01:00Z', until: '2026-01-01T00:03:00Z' }, [23, 24, 25]],
      [{ stream: 'user-4', to_position: '31' }, [18, 26, 29, 30]],
      [{ stream: ['user-4', 'realm'], to_position: '31' }, [1, 12, 18, 26, 29, 30]],
      [{ category: 'message' }, [24, 25, 27]],
      [{ type: ['MessageSent', 'ChannelCreated'] }, [20, 24, 25, 27]],
      [{ actor: 4 }, [22, 25, 26, 27, 29, 30]],
      [{ actor: ['server'], to_position: '31' }, Array.from({ length: 14 }, (_, i) => i + 1)],
    ];
    for (const [params, expected] of cases) {
      const res = await exportOverHttp(server.owner, params);
      expect(res.status, JSON.stringify(params)).to.equal(200);
      expect(positions(res.lines), JSON.stringify(params)).to.deep.equal(expected);
    }
  });

  it('refuses a filter it cannot read with BAD_REQUEST naming the parameter', async function () {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ from_position: 'x' }, 'from_position', "Invalid 'from_position': must be a positive integer (got 'x')"],
      [{ since: 'yesterday' }, 'since', "Invalid 'since': must be an ISO 8601 time such as 2025-01-31T12:00:00Z (got 'yesterday')"],
      [{ type: 'MessageSnet' }, 'type', "Invalid 'type': unknown event type 'MessageSnet'"],
      [{ actor: 'me' }, 'actor', "Invalid 'actor': must be a user id or 'server' (got 'me')"],
    ];
    for (const [params, varName, msg] of cases) {
      const res = await exportOverHttp(server.owner, params);
      expect(res.status).to.equal(400);
      expect(JSON.parse(res.text)).to.deep.equal({ result: 'error', code: 'BAD_REQUEST', msg, var_name: varName });
    }
  });

  it('refuses administrators and members: only organization owners export the log', async function () {
    const admin = await server.createUser('Ada Admin', Role.Administrator);
    const member: ApiClient = await server.createUser('Mia Member');
    for (const client of [admin, member]) {
      const res = await exportOverHttp(client);
      expect(res.status).to.equal(400);
      expect(JSON.parse(res.text)).to.deep.equal({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner to export the event log' });
    }
    const anonymous = await exportOverHttp(server.anonymous);
    expect(anonymous.status).to.equal(401);
  });
});
