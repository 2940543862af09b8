import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { expectNothingRecorded } from '../../support/channel-requests.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

describe('POST /realm/test_welcome_bot_custom_message', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient;

  before(async function () {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
  });
  after(() => server.stop());

  const preview = (client: ApiClient, params: Record<string, unknown>) => client.post('/realm/test_welcome_bot_custom_message', params);

  it('the Welcome Bot sends the acting administrator the custom text, answering its message id', async function () {
    const answer = expectSuccess(await preview(admin, { welcome_message_custom_text: 'Welcome! Read **#rules** first.' }));
    expect(answer.message_id).to.be.a('number');
    const { message } = expectSuccess(await admin.get(`/messages/${answer.message_id as number}`, { apply_markdown: 'false' }));
    expect(message).to.include({ sender_full_name: 'Welcome Bot', content: 'Welcome! Read **#rules** first.', type: 'private' });
    const recipients = (message as { display_recipient: { id: number }[] }).display_recipient.map((each) => each.id);
    expect(recipients).to.include(admin.userId);
    const again = expectSuccess(await preview(admin, { welcome_message_custom_text: 'Second try' }));
    const second = expectSuccess(await admin.get(`/messages/${again.message_id as number}`)).message as { sender_id: number };
    expect(second.sender_id).to.equal((message as { sender_id: number }).sender_id);
    const state = expectSuccess(await admin.post('/register', { fetch_event_types: JSON.stringify(['realm_user']) }));
    expect((state.cross_realm_bots as { full_name: string }[]).map((bot) => bot.full_name)).to.include('Welcome Bot');
  });

  it('refuses non-administrators, an empty text, a text over 8000 characters, and a missing one', async function () {
    const refused = (client: ApiClient, params: Record<string, unknown>, msg: string, code = 'BAD_REQUEST') =>
      expectNothingRecorded(server, () => preview(client, params), (res) => expectExactFailure(res, code, msg));
    await refused(member, { welcome_message_custom_text: 'hi' }, 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    await refused(admin, { welcome_message_custom_text: '' }, 'Message must not be empty');
    await refused(admin, { welcome_message_custom_text: 'x'.repeat(8001) }, "Invalid 'welcome_message_custom_text': must NOT have more than 8000 characters");
    await refused(admin, {}, "Missing 'welcome_message_custom_text' argument", 'REQUEST_VARIABLE_MISSING');
  });
});
