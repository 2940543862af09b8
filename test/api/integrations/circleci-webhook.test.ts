import { expect } from 'chai';
import { itMatchesPublicServer, startWebhookBench, webhookFixture, type WebhookBench } from '../../support/webhook-cases.js';

describe('Incoming webhooks: POST /external/circleci', () => {
  let bench: WebhookBench;
  before(async () => {
    bench = await startWebhookBench('circleci');
  });
  after(() => bench.server.stop());

  describe("the public server's fixtures", () => itMatchesPublicServer('circleci', () => bench));

  it('filters by the payload\'s type with only_events and exclude_events', async () => {
    const before = await bench.lastMessage();
    const job = webhookFixture('circleci', 'github_job_completed.json');
    expect((await bench.post(job, { only_events: '["workflow-completed"]' })).status).to.equal(200);
    expect((await bench.post(webhookFixture('circleci', 'ping.json'), { exclude_events: '["ping"]' })).status).to.equal(200);
    expect((await bench.lastMessage()).id).to.equal(before.id);
    expect((await bench.post(job, { only_events: '["job-*"]' })).status).to.equal(200);
    expect((await bench.lastMessage()).content).to.match(/^Job `/);
  });
});
