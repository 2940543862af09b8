import { expect } from 'chai';
import type { ApiClient } from '../../support/api-client.js';
import { expectExactFailure, expectSuccess } from '../../support/response-assertions.js';
import { signUp } from '../../support/server-with-people.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';
import { type EmojiRecord, GIF, PNG, uploadEmoji } from './custom-emoji-support.js';

describe('custom emoji: GET /realm/emoji, POST and DELETE /realm/emoji/{emoji_name}', function () {
  let server: TestServer, admin: ApiClient, member: ApiClient, other: ApiClient, guest: ApiClient;
  const emoji = async () => expectSuccess(await member.get('/realm/emoji')).emoji as Record<string, EmojiRecord>;
  const byName = async (name: string) => Object.values(await emoji()).find((one) => one.name === name && !one.deactivated);

  before(async function () {
    server = await startTestServer({ env: { CHAT_MAX_EMOJI_FILE_SIZE_MIB: '1' } });
    ({ admin, member, other, guest } = await signUp(server, 'admin', 'member', 'other', 'guest'));
  });
  after(() => server.stop());

  it('a member uploads an image; every user lists it by id, and its image is served without credentials', async function () {
    expectSuccess(await uploadEmoji(member, 'party_parrot'));
    const found = await byName('party_parrot');
    expect(found).to.deep.equal({
      id: found!.id,
      name: 'party_parrot',
      source_url: `/user_avatars/1/emoji/images/${found!.id}.png`,
      still_url: null,
      deactivated: false,
      author_id: member.userId,
    });
    expect(Object.keys(await emoji())).to.deep.equal([found!.id]);
    const res = await fetch(`${server.url}${found!.source_url}`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).to.equal(true);
    expect((await fetch(`${server.url}/user_avatars/1/emoji/images/9999.png`)).status).to.equal(404);
  });

  it('folds case and spaces in the name, and takes a GIF', async function () {
    expectSuccess(await uploadEmoji(member, ' Dancing Cat ', [GIF], 'image/gif'));
    expect((await byName('dancing_cat'))!.source_url).to.match(/\/\d+\.gif$/);
  });

  it('refuses bad names, file counts, sizes and formats, a taken name and a built-in one, in that order', async function () {
    expectExactFailure(await uploadEmoji(member, 'bad!name'), 'BAD_REQUEST', 'Emoji names must contain only lowercase alphanumeric characters, underscores, hyphens, and spaces.');
    expectExactFailure(await uploadEmoji(member, 'trailing_'), 'BAD_REQUEST', 'Emoji names must end with either a letter or digit.');
    expectExactFailure(await uploadEmoji(member, 'party_parrot'), 'BAD_REQUEST', 'A custom emoji with this name already exists.');
    expectExactFailure(await uploadEmoji(member, 'no_file', []), 'BAD_REQUEST', 'You must upload exactly one file.');
    expectExactFailure(await uploadEmoji(member, 'two_files', [PNG, PNG]), 'BAD_REQUEST', 'You may only upload one file at a time');
    expectExactFailure(await uploadEmoji(member, 'thumbs_up'), 'BAD_REQUEST', 'Only administrators can override default emoji.');
    expectExactFailure(await uploadEmoji(member, 'huge', [Buffer.concat([PNG, Buffer.alloc(1024 * 1024)])]), 'BAD_REQUEST', 'Uploaded file is larger than the allowed limit of 1 MiB');
    expectExactFailure(await uploadEmoji(member, 'text', [Buffer.from('not an image')], 'image/png'), 'BAD_REQUEST', 'Invalid image format');
    expect(Object.values(await emoji()).map((one) => one.name).sort()).to.deep.equal(['dancing_cat', 'party_parrot']);
  });

  it('lets an administrator shadow a built-in name; guests never add emoji', async function () {
    expectSuccess(await uploadEmoji(admin, 'octopus'));
    expect((await byName('octopus'))!.author_id).to.equal(admin.userId);
    expectExactFailure(await uploadEmoji(guest, 'guest_emoji'), 'BAD_REQUEST', 'Not allowed for guest users');
  });

  it('follows can_add_custom_emoji_group', async function () {
    const groups = expectSuccess(await admin.get('/user_groups')).user_groups as { id: number; name: string }[];
    const admins = groups.find((group) => group.name === 'role:administrators')!.id;
    const members = groups.find((group) => group.name === 'role:members')!.id;
    expectSuccess(await server.owner.patch('/realm', { can_add_custom_emoji_group: { new: admins } }));
    expectExactFailure(await uploadEmoji(member, 'not_now'), 'BAD_REQUEST', 'Insufficient permission');
    expectSuccess(await uploadEmoji(admin, 'admins_only'));
    expectSuccess(await server.owner.patch('/realm', { can_add_custom_emoji_group: { new: members } }));
    expectSuccess(await uploadEmoji(member, 'now_allowed'));
  });

  it('deactivates: the author or an administrator; an unknown name is a 404; the image stays served', async function () {
    const res = await member.delete('/realm/emoji/no_such_emoji');
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({ result: 'error', code: 'BAD_REQUEST', msg: "Emoji 'no_such_emoji' does not exist" });
    expectExactFailure(await other.delete('/realm/emoji/party_parrot'), 'BAD_REQUEST', 'Must be an organization administrator or emoji author');
    const parrot = (await byName('party_parrot'))!;
    expectSuccess(await member.delete('/realm/emoji/party_parrot'));
    expect((await emoji())[parrot.id]).to.deep.equal({ ...parrot, deactivated: true });
    expect((await member.delete('/realm/emoji/party_parrot')).status).to.equal(404);
    expectSuccess(await admin.delete('/realm/emoji/dancing_cat'));
    expect((await fetch(`${server.url}${parrot.source_url}`)).status).to.equal(200);
    // The name is free again.
    expectSuccess(await uploadEmoji(other, 'party_parrot'));
    expect((await byName('party_parrot'))!.id).to.not.equal(parrot.id);
  });
});
