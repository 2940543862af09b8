import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels, subscribe } from '../../support/channel-requests.js';
import { runEvents } from '../../support/cli-run.js';
import { exportOverHttp } from '../../support/export-requests.js';
import { postDirect, postToChannel } from '../../support/message-requests.js';
import { drain, ofType, registerQueue } from '../../support/realtime-client.js';
import { expectLogProvable, ownerExportText, takeSeal } from '../../support/log-provable.js';
import { rawFindings, uniqueToken, untilGone, withSpecials } from '../../support/raw-scan.js';
import { listReminders, scheduleReminder, secondsFromNow } from '../../support/reminder-requests.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { uploaded } from '../../support/upload-requests.js';

const DAY = 86_400_000;

/**
 * Retention (docs/topics/forgetting.md, "Retention"): with the organization keeping 30 days, a channel
 * that inherits it, one that keeps 7, one kept forever, an archived one and direct messages, the sweep
 * run past the period deletes what expired through the deletion path (reason `retention`, no actor),
 * and nothing of it is left in any file under DATA_DIR within ten seconds, nor in an export; the rest
 * stays; the log still verifies, a seal taken before holds, a replay equals the live models.
 */
describe('forgetting: the retention sweep deletes expired messages for good', function () {
  this.timeout(60_000);
  let server: TestServer;
  let member: ApiClient;
  let admin: ApiClient;
  const channel: Record<string, number> = {};
  const expired = { inherits: uniqueToken('inherits'), otherTopic: uniqueToken('othertopic'), weekly: uniqueToken('weekly'), archived: uniqueToken('archived'), direct: uniqueToken('direct') };
  const fileToken = uniqueToken('file');
  const kept = { inherits: uniqueToken('keptinherits'), weekly: uniqueToken('keptweekly'), forever: uniqueToken('keptforever'), direct: uniqueToken('keptdirect') };
  const ids: Record<string, number> = {};
  let sealFile = '';
  let sweptAt = 0;

  const exportText = () => ownerExportText(server);

  before(async () => {
    server = await startTestServer();
    member = await server.createUser('Member');
    admin = await server.createUser('Admin', 200);
    expectSuccess(await server.owner.patch('/realm', { message_retention_days: 30 }));
    [channel.inherits, channel.weekly, channel.forever, channel.archived] = await createChannels(server.owner, ['inherits', 'weekly', 'forever', 'archived']);
    expectSuccess(await server.owner.patch(`/streams/${channel.weekly}`, { message_retention_days: 7 }));
    expectSuccess(await server.owner.patch(`/streams/${channel.forever}`, { message_retention_days: 'unlimited' }));
    expectSuccess(await subscribe(member, ['inherits', 'weekly', 'forever', 'archived']));
    const file = await uploaded(member, 'notes.txt', `${fileToken} only this message links me`);
    ids.inherits = await postToChannel(member, channel.inherits, 'lunch', `${withSpecials(expired.inherits)} [notes](${file.url})`);
    ids.otherTopic = await postToChannel(server.owner, channel.inherits, 'dinner', withSpecials(expired.otherTopic));
    ids.weekly = await postToChannel(member, channel.weekly, 'plans', withSpecials(expired.weekly));
    ids.archived = await postToChannel(member, channel.archived, 'old', withSpecials(expired.archived));
    ids.direct = await postDirect(server.owner, [member.userId], withSpecials(expired.direct));
    ids.forever = await postToChannel(member, channel.forever, 'history', withSpecials(kept.forever));
    // A reminder quoting an expired message is due after it expires: the deletion cancels it.
    ids.reminder = await scheduleReminder(member, ids.inherits, secondsFromNow(server, 45 * 86_400));
    server.clock.advance(20 * DAY);
    ids.keptInherits = await postToChannel(member, channel.inherits, 'lunch', withSpecials(kept.inherits));
    ids.keptDirect = await postDirect(member, [server.owner.userId], withSpecials(kept.direct));
    expectSuccess(await server.owner.delete(`/streams/${channel.archived}`));
    server.clock.advance(8 * DAY);
    ids.keptWeekly = await postToChannel(member, channel.weekly, 'plans', withSpecials(kept.weekly));
    server.clock.advance(3 * DAY);
    sealFile = await takeSeal(server, 'retention');
  });
  after(() => server.stop());

  it('refuses the sweep to anyone but an owner', async () => {
    expectExactFailure(await admin.post('/ops/retention_sweep'), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner to run the retention sweep');
    expectExactFailure(await member.post('/ops/retention_sweep'), 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner to run the retention sweep');
    expectExactFailure(await server.owner.post('/ops/retention_sweep', { sweep_id: 999 }), 'BAD_REQUEST', "Invalid 'sweep_id': no sweep 999 is running or just ended in this process");
  });

  it('holds every text before the sweep, in the export', async () => {
    const text = await exportText();
    for (const token of [...Object.values(expired), ...Object.values(kept)]) expect(text).to.contain(token);
    expect(rawFindings(server.dataDir, [fileToken])).to.have.length(1);
  });

  it('deletes what expired when an owner runs it (npm run events -- retention), leaving nothing on disk within 10 s', async () => {
    const queue = await registerQueue(member, { event_types: JSON.stringify(['delete_message']), client_capabilities: JSON.stringify({ bulk_message_deletion: true }) });
    const credentials = server.owner.credentials!;
    const run = await runEvents(['retention', '--server-url', server.url], { CHAT_EMAIL: credentials.email, CHAT_API_KEY: credentials.apiKey });
    sweptAt = Date.now();
    expect(run.code, run.stdout + run.stderr).to.equal(0);
    expect(run.stdout).to.match(/^retention sweep \d+: \d+ messages deleted in \d+ batches, complete\n$/);
    // The file only an expired message linked goes at the next tick, as after any deletion.
    await server.ctx.scheduler.runDue();
    const { left, afterMs } = await untilGone(server.dataDir, [...Object.values(expired), fileToken]);
    expect(left, `still on disk after ${afterMs} ms`).to.deep.equal([]);
    expect(Date.now() - sweptAt).to.be.below(10_000);
    const deleted = ofType(await drain(queue), 'delete_message').flatMap((event) => event.message_ids as number[]);
    expect(deleted).to.include.members([ids.inherits, ids.otherTopic, ids.weekly, ids.direct]);
    expect(deleted).not.to.include.members([ids.keptInherits]);
  });

  it('leaves them out of every export made afterwards, records the deletions as the server’s with reason retention, and keeps the rest', async () => {
    const text = await exportText();
    for (const token of [...Object.values(expired), fileToken]) expect(text).not.to.contain(token);
    for (const token of Object.values(kept)) expect(text).to.contain(token);
    const deletions = (await exportOverHttp(server.owner, { type: ['MessagesDeleted'] })).lines;
    expect(deletions.length).to.be.at.least(5);
    for (const line of deletions) {
      expect(line.data).to.include({ reason: 'retention' });
      expect((line.metadata as { actor_id: unknown }).actor_id).to.equal(null);
    }
    const gone = deletions.flatMap((line) => (line.data as { message_ids: number[] }).message_ids);
    expect(gone).to.include.members([ids.inherits, ids.otherTopic, ids.weekly, ids.archived, ids.direct]);
    expect(gone).not.to.include.members([ids.keptInherits, ids.keptDirect, ids.keptWeekly, ids.forever]);
    const linking = deletions.find((line) => (line.data as { message_ids: number[] }).message_ids.includes(ids.inherits));
    expect((linking?.data as { attachment_ids: number[] }).attachment_ids).to.have.length(1);
  });

  it('cancels the reminder quoting an expired message, and serves the kept messages only', async () => {
    expect((await listReminders(member)).map((reminder) => reminder.reminder_id)).not.to.include(ids.reminder);
    for (const id of [ids.inherits, ids.weekly, ids.direct]) expect((await member.get(`/messages/${id}`)).status).to.equal(400);
    for (const [id, token] of [[ids.keptInherits, kept.inherits], [ids.keptWeekly, kept.weekly], [ids.forever, kept.forever], [ids.keptDirect, kept.direct]] as const) {
      const message = expectSuccess(await member.get(`/messages/${id}`, { apply_markdown: 'false' })).message as { content: string };
      expect(message.content).to.equal(withSpecials(token));
    }
  });

  it('keeps the log provable: verify passes, the seal taken before holds, a replay equals the live models', async () => {
    await expectLogProvable(server, sealFile);
  });

  it('runs again on the hourly tick: a message that expires later goes at the next sweep, and nothing else', async () => {
    const before = (await exportOverHttp(server.owner, { type: ['MessagesDeleted'] })).lines.length;
    server.clock.advance(5 * DAY);
    await server.ctx.scheduler.runDue();
    const sweep = await server.ctx.retention.wait(server.ctx.retention.start(), 10_000);
    expect(sweep).to.include({ complete: true, running: false });
    const after = (await exportOverHttp(server.owner, { type: ['MessagesDeleted'] })).lines;
    const newly = after.slice(before).flatMap((line) => (line.data as { message_ids: number[] }).message_ids);
    expect(newly).to.deep.equal([ids.keptWeekly]);
  });
});
