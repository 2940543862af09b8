import { expect } from 'chai';
import { itMatchesPublicServer, startWebhookBench, webhookFixture, type WebhookBench } from '../../support/webhook-cases.js';

describe('Incoming webhooks: POST /external/grafana', () => {
  let bench: WebhookBench;
  before(async () => {
    bench = await startWebhookBench('grafana');
  });
  after(() => bench.server.stop());

  describe("the public server's fixtures", () => itMatchesPublicServer('grafana', () => bench));

  it('filters by the notification\'s status or the legacy rule\'s state with only_events and exclude_events', async () => {
    const before = await bench.lastMessage();
    const resolved = webhookFixture('grafana', 'alert_new.json');
    const alerting = webhookFixture('grafana', 'alert.json');
    expect((await bench.post(resolved, { only_events: '["firing"]' })).status).to.equal(200);
    expect((await bench.post(alerting, { exclude_events: '["alert*"]' })).status).to.equal(200);
    expect((await bench.lastMessage()).id).to.equal(before.id);
    expect((await bench.post(resolved, { only_events: '["resolved","ok"]' })).status).to.equal(200);
    expect(await bench.lastMessage()).to.include({ subject: '[RESOLVED:1]' });
    expect((await bench.post(alerting, { only_events: '["alerting"]', exclude_events: '["ok"]' })).status).to.equal(200);
    expect(await bench.lastMessage()).to.include({ subject: '[Alerting] Test notification' });
  });
});
