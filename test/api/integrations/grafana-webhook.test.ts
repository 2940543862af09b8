import { itMatchesPublicServer, startWebhookBench, type WebhookBench } from '../../support/webhook-cases.js';

describe('Incoming webhooks: POST /external/grafana', () => {
  let bench: WebhookBench;
  before(async () => {
    bench = await startWebhookBench('grafana');
  });
  after(() => bench.server.stop());

  describe("the public server's fixtures", () => itMatchesPublicServer('grafana', () => bench));
});
