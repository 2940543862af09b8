import { itMatchesPublicServer, startWebhookBench, type WebhookBench } from '../../support/webhook-cases.js';

describe('Incoming webhooks: POST /external/sentry', () => {
  let bench: WebhookBench;
  before(async () => {
    bench = await startWebhookBench('sentry');
  });
  after(() => bench.server.stop());

  describe("the public server's fixtures", () => itMatchesPublicServer('sentry', () => bench));
});
