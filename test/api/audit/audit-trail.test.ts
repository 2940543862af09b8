import { expect } from 'chai';
import { Role } from '@chat/core';
import type { ApiClient } from '../../support/api-client.js';
import { audit, expectOwnersOnly, trail } from '../../support/audit-requests.js';
import { createChannels } from '../../support/channel-requests.js';
import { runEvents } from '../../support/cli-run.js';
import { expectSuccess } from '../../support/response-assertions.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const formBody = (params: Record<string, string>): URLSearchParams => new URLSearchParams(params);

describe('GET /audit/trail', function () {
  let server: TestServer;
  let ann: ApiClient;
  let bob: ApiClient;
  let financeId: number;
  const started = Date.UTC(2026, 0, 1);

  before(async function () {
    server = await startTestServer();
    ann = await server.createUser('Ann');
    bob = await server.createUser('Bob');
    server.clock.advance(60_000);
    // Who made Ann an administrator, and from which client: the request carries both.
    const promoted = await server.owner.request('PATCH', `/users/${ann.userId}`, formBody({ role: String(Role.Administrator) }), {
      'User-Agent': 'AuditTest/1.0',
      'X-Request-Id': 'promote-ann-1',
    });
    expectSuccess(promoted);
    server.clock.advance(60_000);
    // Ann is subscribed: even an administrator must be, to make a private channel public (Zulip's rule).
    [financeId] = await createChannels(server.owner, ['finance'], { invite_only: true, principals: [server.owner.userId, ann.userId] });
    server.clock.advance(60_000);
    expectSuccess(await ann.patch(`/streams/${financeId}`, { is_private: false }));
    server.clock.advance(60_000);
    expectSuccess(await server.owner.delete(`/users/${bob.userId}`));
  });
  after(() => server.stop());

  it('answers who made Ann an administrator, when, from which request and client, with the role before and after', async function () {
    const { entries } = await trail(server.owner, { kind: 'role', user_id: ann.userId });
    expect(entries).to.have.length(1);
    const [entry] = entries;
    expect(entry).to.deep.include({
      type: 'UserRoleChanged',
      kinds: ['role'],
      time: new Date(started + 60_000).toISOString(),
      timestamp: (started + 60_000) / 1000,
      request_id: 'promote-ann-1',
      client: 'AuditTest/1.0',
    });
    expect(entry.actor).to.deep.equal({ user_id: server.owner.userId, full_name: 'Owner', role: Role.Owner, is_bot: false, bot_owner: null });
    expect(entry.target).to.deep.equal({ user_ids: [ann.userId], channel_ids: [], group_ids: [] });
    expect(entry.changes).to.deep.equal([{ model: 'user', id: String(ann.userId), field: 'role', before: Role.Member, after: Role.Administrator }]);
  });

  it('shows a channel made public by whom, with the privacy settings before and after', async function () {
    const { entries } = await trail(server.owner, { stream_id: financeId, kind: 'channel_privacy' });
    expect(entries.map((entry) => [entry.type, (entry.actor as { user_id: number }).user_id])).to.deep.equal([['ChannelUpdated', ann.userId]]);
    const changes = entries[0].changes as { field: string; before: unknown; after: unknown }[];
    expect(changes.find((change) => change.field === 'invite_only')).to.deep.include({ model: 'channel', id: String(financeId), before: true, after: false });
  });

  it('filters by actor, channel, kind and time window, every criterion together', async function () {
    const byAnn = await trail(server.owner, { actor: ann.userId });
    expect(byAnn.entries.map((entry) => entry.type)).to.deep.equal(['ChannelUpdated']);
    const created = await trail(server.owner, { kind: JSON.stringify(['user_created', 'user_deactivated']) });
    expect(created.entries.map((entry) => [entry.type, (entry.target as { user_ids: number[] }).user_ids[0]])).to.deep.include.members([
      ['UserCreated', ann.userId],
      ['UserCreated', bob.userId],
      ['UserDeactivated', bob.userId],
    ]);
    const window = await trail(server.owner, { since: new Date(started + 60_000).toISOString(), until: new Date(started + 120_000).toISOString(), kind: 'role' });
    expect(window.entries.map((entry) => entry.type)).to.deep.equal(['UserRoleChanged']);
    const later = await trail(server.owner, { since: new Date(started + 120_000).toISOString(), kind: 'role' });
    expect(later.entries).to.deep.equal([]);
    const channel = await trail(server.owner, { stream_id: financeId });
    expect(channel.entries.map((entry) => entry.type)).to.deep.equal(['ChannelCreated', 'SubscriptionAdded', 'ChannelUpdated']);
  });

  it('pages with limit and after, oldest first, the last page with next_after null', async function () {
    const all = await trail(server.owner, { kind: 'user_created' });
    expect(all.next_after).to.equal(null);
    const seen: number[] = [];
    let after = 0;
    for (;;) {
      const page = await trail(server.owner, { kind: 'user_created', limit: 1, after });
      seen.push(...page.entries.map((entry) => entry.position as number));
      if (page.next_after === null) break;
      after = page.next_after;
    }
    expect(seen).to.deep.equal(all.entries.map((entry) => entry.position));
    expect(seen).to.deep.equal([...seen].sort((a, b) => a - b));
  });

  it('gives the operator the same entries on the command line (npm run events -- audit trail)', async function () {
    const asked = { kind: JSON.stringify(['role', 'channel_privacy', 'user_deactivated']) };
    const { entries } = await trail(server.owner, asked);
    const run = await runEvents(['audit', 'trail', '--data-dir', server.dataDir, '--kind', 'role', '--kind', 'channel_privacy', '--kind', 'user_deactivated', '--json']);
    expect(run.code, run.stderr).to.equal(0);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.slice(0, -1)).to.deep.equal(entries);
    expect(lines.at(-1)).to.deep.equal({ next_after: null });
    const text = await runEvents(['audit', 'trail', '--data-dir', server.dataDir, '--kind', 'role']);
    expect(text.stdout).to.contain(`UserRoleChanged [role] by Owner (${server.owner.userId}), request promote-ann-1, client "AuditTest/1.0"`);
    expect(text.stdout).to.contain(`    user ${ann.userId} role: ${Role.Member} -> ${Role.Administrator}`);
    const bad = await runEvents(['audit', 'trail', '--data-dir', server.dataDir, '--user', 'ann']);
    expect(bad.code).to.equal(2);
    expect(bad.stderr).to.contain("audit: --user: Invalid 'user_id'");
  });

  it('refuses administrators, moderators, members and guests', async function () {
    const moderator = await server.createUser('Mo', Role.Moderator);
    const guest = await server.createUser('Gus', Role.Guest);
    const member = await server.createUser('Meg');
    for (const client of [ann, moderator, guest, member]) expectOwnersOnly(await audit(client, 'trail'));
  });

  it('refuses a parameter it cannot read, naming it', async function () {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'nope' }, 'kind'],
      [{ actor: 'someone' }, 'actor'],
      [{ since: 'yesterday' }, 'since'],
      [{ since: '2026-02-01T00:00:00Z', until: '2026-01-01T00:00:00Z' }, 'until'],
    ];
    for (const [params, name] of cases) {
      const res = await audit(server.owner, 'trail', params);
      expect(res.status, JSON.stringify(params)).to.equal(400);
      expect(res.body).to.deep.include({ code: 'BAD_REQUEST', var_name: name });
    }
  });

  it('records every question asked, so the auditors are audited too', async function () {
    await trail(server.owner, { kind: 'role', user_id: ann.userId });
    const { entries } = await trail(server.owner, { kind: 'history_query', actor: server.owner.userId });
    const last = entries.filter((entry) => entry.type === 'HistoryQueried').at(-2);
    expect(last?.actor).to.deep.include({ user_id: server.owner.userId });
    const exported = await server.owner.get('/export/events', { type: 'HistoryQueried' });
    expect(exported.status).to.equal(200);
    const lines = String((exported.body as { raw?: string }).raw ?? '').trim().split('\n').map((line) => JSON.parse(line) as { data: unknown; stream: string });
    expect(lines.at(-2)).to.deep.include({ stream: `historyqueries-${server.owner.userId}`, data: { question: 'audit_trail', parameters: { kind: 'role', user_id: ann.userId } } });
  });
});
