import { itMatchesPublicServer, startWebhookBench, type WebhookBench } from '../../support/webhook-cases.js';

describe('Incoming webhooks: POST /external/slack_incoming', () => {
  let bench: WebhookBench;
  before(async () => {
    bench = await startWebhookBench('slack_incoming');
  });
  after(() => bench.server.stop());

  describe("the public server's fixtures", () => itMatchesPublicServer('slack_incoming', () => bench));
});
