import { itMatchesPublicServer, startWebhookBench, type WebhookBench } from '../../support/webhook-cases.js';

describe('Incoming webhooks: POST /external/alertmanager', () => {
  let bench: WebhookBench;
  before(async () => {
    bench = await startWebhookBench('alertmanager');
  });
  after(() => bench.server.stop());

  describe("the public server's fixtures", () => itMatchesPublicServer('alertmanager', () => bench));
});
