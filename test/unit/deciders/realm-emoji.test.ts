import { expect } from 'chai';
import { decideAddRealmEmoji, decideDeactivateRealmEmoji, emojiImageType, evolveRealmEmoji, type RealmEmojiState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { aGuest, aMember, anAdmin } from '../../support/user-state-factory.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const member = aMember();
const parrot: RealmEmojiState = { id: 3, name: 'parrot', author_id: member.user_id, file_name: '3.png', content_type: 'image/png', size: 10, deactivated: false };
const context = (actor = member, canAddEmoji = true, emoji: RealmEmojiState[] = [parrot]) => ({ actor, canAddEmoji, emoji, isBuiltInName: (name: string) => name === 'smile' });
const upload = (name: string, files = [{ size: 10, head: PNG }]) => ({ emoji_id: 9, name, files, maxMib: 1 });

describe('custom emoji decisions', function () {
  it('records an upload with its folded name, its author and the image type read from its bytes', function () {
    expect(decideAddRealmEmoji(context(), upload('Green Tick'))).to.deep.equal([
      { type: 'RealmEmojiAdded', data: { emoji_id: 9, name: 'green_tick', author_id: member.user_id, file_name: '9.png', content_type: 'image/png', size: 10 } },
    ]);
  });

  it('checks the name first, then the permission, then the rest', function () {
    expectApiError(() => decideAddRealmEmoji(context(member, false), upload('')), refused('Emoji name is missing'));
    expectApiError(() => decideAddRealmEmoji(context(member, false), upload('ok')), refused('Insufficient permission'));
    expectApiError(() => decideAddRealmEmoji(context(aGuest(), true), upload('ok')), refused('Not allowed for guest users'));
    expectApiError(() => decideAddRealmEmoji(context(), upload('parrot')), refused('A custom emoji with this name already exists.'));
    expectApiError(() => decideAddRealmEmoji(context(), upload('smile')), refused('Only administrators can override default emoji.'));
    expect(decideAddRealmEmoji(context(anAdmin()), upload('smile'))[0].data.name).to.equal('smile');
    expectApiError(() => decideAddRealmEmoji(context(), upload('big', [{ size: 1024 * 1024 + 1, head: PNG }])), refused('larger than the allowed limit of 1 MiB'));
  });

  it('recognises PNG, GIF, JPEG and WebP by their first bytes, and nothing else', function () {
    const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
    expect(emojiImageType(new Uint8Array([...ascii('GIF87a'), 0]))).to.deep.equal({ type: 'image/gif', ext: 'gif' });
    expect(emojiImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).to.deep.equal({ type: 'image/jpeg', ext: 'jpeg' });
    expect(emojiImageType(new Uint8Array([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBP')]))).to.deep.equal({ type: 'image/webp', ext: 'webp' });
    expect(emojiImageType(new Uint8Array(ascii('<svg>')))).to.equal(null);
  });

  it('deactivates an active emoji by name; unknown names are 404s before permission', function () {
    expect(decideDeactivateRealmEmoji(context(), 'parrot')).to.deep.equal([{ type: 'RealmEmojiDeactivated', data: { emoji_id: 3 } }]);
    expectApiError(() => decideDeactivateRealmEmoji(context(aGuest(), false), 'nope'), { code: 'BAD_REQUEST', status: 404, mentions: "Emoji 'nope' does not exist" });
    expectApiError(() => decideDeactivateRealmEmoji(context(member, false), 'parrot'), refused('Must be an organization administrator or emoji author'));
    expect(decideDeactivateRealmEmoji(context(anAdmin(), false), 'parrot')).to.have.length(1);
    const gone = evolveRealmEmoji([parrot], { type: 'RealmEmojiDeactivated', data: { emoji_id: 3 } });
    expect(gone).to.deep.equal([{ ...parrot, deactivated: true }]);
    expectApiError(() => decideDeactivateRealmEmoji(context(member, true, gone), 'parrot'), { code: 'BAD_REQUEST', status: 404, mentions: "Emoji 'parrot' does not exist" });
  });
});
