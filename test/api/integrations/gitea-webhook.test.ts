import { itMatchesPublicServer, startWebhookBench, type WebhookBench } from '../../support/webhook-cases.js';

describe('Incoming webhooks: POST /external/gitea', () => {
  let bench: WebhookBench;
  before(async () => {
    bench = await startWebhookBench('gitea');
  });
  after(() => bench.server.stop());

  describe("the public server's fixtures", () => itMatchesPublicServer('gitea', () => bench));
});
