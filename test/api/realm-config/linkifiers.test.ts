import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { createChannels } from '../../support/channel-requests.js';
import { fetchMessage } from '../../support/message-change-requests.js';
import { postToChannel } from '../../support/message-requests.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { startServerWith } from '../../support/server-with-people.js';
import type { TestServer } from '../../support/test-server.js';

const ISSUE = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/zulip/zulip/issues/{id}' };

describe('linkifiers: GET /realm/linkifiers, POST /realm/filters, PATCH and DELETE /realm/filters/{id}, PATCH /realm/linkifiers', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient;
  const list = async (client: ApiClient) => expectSuccess(await client.get('/realm/linkifiers')).linkifiers as { pattern: string; url_template: string; id: number }[];
  const add = async (params: Record<string, unknown>) => expectSuccess(await admin.post('/realm/filters', params)).id as number;
  const validationFailure = (res: { status: number; body: Record<string, unknown> }, field: string, msg: string) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body).to.deep.equal({ result: 'error', code: 'BAD_REQUEST', msg, errors: { [field]: [msg] } });
  };

  before(async function () {
    ({ server, admin, member } = await startServerWith('admin', 'member'));
    await createChannels(admin, ['dev']);
  });
  after(() => server.stop());

  it('adds a linkifier (answering its id), lists it to every user, and links its matches in new messages', async function () {
    const id = await add(ISSUE);
    expect(await list(member)).to.deep.equal([{ ...ISSUE, id }]);
    const messageId = await postToChannel(admin, 'dev', 'bugs', 'Fixed #123 and (#7), not a#9 or #12b');
    const href = (n: number) => `https://github.com/zulip/zulip/issues/${n}`;
    const link = (n: number) => `<a href="${href(n)}" title="${href(n)}">#${n}</a>`;
    expect((await fetchMessage(member, messageId)).content).to.equal(`<p>Fixed ${link(123)} and (${link(7)}), not a#9 or #12b</p>`);
    expectSuccess(await admin.delete(`/realm/filters/${id}`));
  });

  it('refuses members (before looking at the parameters), and changes nothing', async function () {
    const res = await member.post('/realm/filters', ISSUE);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' });
    expect((await member.post('/realm/filters', {})).body.code).to.equal('UNAUTHORIZED_PRINCIPAL');
    expect((await member.patch('/realm/linkifiers', { ordered_linkifier_ids: [] })).body.code).to.equal('UNAUTHORIZED_PRINCIPAL');
    expect(await list(member)).to.deep.equal([]);
  });

  it('refuses a bad pattern, a bad URL template, and groups the other does not use, naming the problem', async function () {
    validationFailure(await admin.post('/realm/filters', { pattern: '#(?P<id>[0-9]+', url_template: ISSUE.url_template }), 'pattern', 'Bad regular expression: error parsing regexp: missing closing ): `#(?P<id>[0-9]+`');
    validationFailure(await admin.post('/realm/filters', { pattern: '(?=x)#(?P<id>[0-9]+)', url_template: ISSUE.url_template }), 'pattern', 'Bad regular expression: error parsing regexp: invalid or unsupported Perl syntax: `(?=`');
    validationFailure(await admin.post('/realm/filters', { pattern: ISSUE.pattern, url_template: 'https://example.com/{id' }), 'url_template', 'Invalid URL template.');
    validationFailure(await admin.post('/realm/filters', { pattern: ISSUE.pattern, url_template: 'https://example.com/{id}/{ref}' }), '__all__', "Group 'ref' in URL template is not present in linkifier pattern.");
    validationFailure(await admin.post('/realm/filters', { pattern: '#(?P<id>[0-9]+)-(?P<sub>[a-z])', url_template: 'https://example.com/{id}' }), '__all__', "Group 'sub' in linkifier pattern is not present in URL template.");
    expectExactFailure(await admin.post('/realm/filters', { pattern: ISSUE.pattern }), 'REQUEST_VARIABLE_MISSING', "Missing 'url_template' argument");
    const id = await add(ISSUE);
    validationFailure(await admin.post('/realm/filters', ISSUE), '__all__', 'Realm filter with this Realm and Pattern already exists.');
    expect(await list(admin)).to.deep.equal([{ ...ISSUE, id }]);
    expectSuccess(await admin.delete(`/realm/filters/${id}`));
  });

  it('updates a linkifier, and refuses an unknown id or an invalid change', async function () {
    const id = await add(ISSUE);
    const changed = { pattern: 'T(?P<ticket>[0-9]+)', url_template: 'https://tracker.example.com/t/{ticket}' };
    expectSuccess(await admin.patch(`/realm/filters/${id}`, changed));
    expect(await list(admin)).to.deep.equal([{ ...changed, id }]);
    expectExactFailure(await admin.patch(`/realm/filters/${id + 100}`, changed), 'BAD_REQUEST', 'Linkifier not found.');
    validationFailure(await admin.patch(`/realm/filters/${id}`, { ...changed, url_template: 'https://x/{id}' }), '__all__', "Group 'id' in URL template is not present in linkifier pattern.");
    expect((await member.patch(`/realm/filters/${id}`, changed)).body.code).to.equal('UNAUTHORIZED_PRINCIPAL');
    expectSuccess(await admin.delete(`/realm/filters/${id}`));
    expectExactFailure(await admin.delete(`/realm/filters/${id}`), 'BAD_REQUEST', 'Linkifier not found.');
    expect(await list(admin)).to.deep.equal([]);
  });

  it('reorders with every id exactly once; the first matching linkifier in the order wins', async function () {
    const general = await add({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://general.example.com/{id}' });
    const special = await add({ pattern: '#(?P<id>1[0-9]*)', url_template: 'https://special.example.com/{id}' });
    const render = async () => (await fetchMessage(admin, await postToChannel(admin, 'dev', 'order', 'see #15'))).content as string;
    expect(await render()).to.contain('href="https://general.example.com/15"');
    expectSuccess(await admin.patch('/realm/linkifiers', { ordered_linkifier_ids: [special, general] }));
    expect((await list(member)).map((linkifier) => linkifier.id)).to.deep.equal([special, general]);
    expect(await render()).to.contain('href="https://special.example.com/15"');
    expectExactFailure(await admin.patch('/realm/linkifiers', { ordered_linkifier_ids: [special] }), 'BAD_REQUEST', 'You must provide all linkifiers to reorder');
    expectExactFailure(await admin.patch('/realm/linkifiers', { ordered_linkifier_ids: [special, general, 999] }), 'BAD_REQUEST', 'You must provide all linkifiers to reorder');
    expectExactFailure(await admin.patch('/realm/linkifiers', { ordered_linkifier_ids: [special, special, general] }), 'BAD_REQUEST', 'The ordered list must not contain duplicated linkifiers');
    expectExactFailure(await admin.patch('/realm/linkifiers', {}), 'REQUEST_VARIABLE_MISSING', "Missing 'ordered_linkifier_ids' argument");
    expect((await list(member)).map((linkifier) => linkifier.id)).to.deep.equal([special, general]);
  });
});
