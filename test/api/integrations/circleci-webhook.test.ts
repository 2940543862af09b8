import { itMatchesPublicServer, startWebhookBench, type WebhookBench } from '../../support/webhook-cases.js';

describe('Incoming webhooks: POST /external/circleci', () => {
  let bench: WebhookBench;
  before(async () => {
    bench = await startWebhookBench('circleci');
  });
  after(() => bench.server.stop());

  describe("the public server's fixtures", () => itMatchesPublicServer('circleci', () => bench));
});
