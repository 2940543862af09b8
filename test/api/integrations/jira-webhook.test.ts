import { itMatchesPublicServer, startWebhookBench, type WebhookBench } from '../../support/webhook-cases.js';

describe('Incoming webhooks: POST /external/jira', () => {
  let bench: WebhookBench;
  before(async () => {
    bench = await startWebhookBench('jira');
  });
  after(() => bench.server.stop());

  // The public server's test organization has Othello (othello@zulip.com); ours does not, so the
  // assignee is named by the address Jira sent, as the public server does for an unknown address.
  const unknownAssignee: [string, string] = ['**Othello, the Moor of Venice**', '**othello@zulip.com**'];
  // This server stores every message's line ends as \n (sending normalizes them); the public server keeps Jira's \r\n.
  const lineEnds: [string, string] = ['\r\n', '\n'];
  describe("the public server's fixtures", () => itMatchesPublicServer('jira', () => bench, [unknownAssignee, lineEnds]));
});
