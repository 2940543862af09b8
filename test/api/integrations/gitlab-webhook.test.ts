import { itMatchesPublicServer, startWebhookBench, type WebhookBench } from '../../support/webhook-cases.js';

describe('Incoming webhooks: POST /external/gitlab', () => {
  let bench: WebhookBench;
  before(async () => {
    bench = await startWebhookBench('gitlab');
  });
  after(() => bench.server.stop());

  describe("the public server's fixtures", () => itMatchesPublicServer('gitlab', () => bench));
});
