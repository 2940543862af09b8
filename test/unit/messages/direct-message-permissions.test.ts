import { expect } from 'chai';
import { decideSendMessage, type DirectTarget, type RealmGroupSettings, type UserState } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { sendCommand, sendContext } from '../../support/send-context.js';
import { SYS } from '../../support/user-group-factory.js';
import { aMember, anAdmin, anOwner, aUser } from '../../support/user-state-factory.js';

const owner = anOwner();
const admin = anAdmin();
const member = aMember();
const other = aUser({ user_id: 7, full_name: 'Other' });
const bot = aUser({ user_id: 9, full_name: 'Helper bot', is_bot: true });
const users = [owner, admin, member, other, bot];

const send = (sender: UserState, realm: Partial<RealmGroupSettings>, recipients: UserState[], conversationExists = false) => {
  const target: DirectTarget = { type: 'direct', recipients, conversationExists };
  return () => decideSendMessage(sendContext(sender, { users, realm }), sendCommand(target));
};
const receiversOf = (decide: ReturnType<typeof send>) => decide().sent.data.receivers;

describe('decideSendMessage: direct message permissions', function () {
  describe('direct_message_permission_group', function () {
    const admins = { direct_message_permission_group: SYS['role:administrators'] };

    it('lets a sender outside it write only to conversations whose other people are all in it', function () {
      expectApiError(send(member, admins, [other]), refused('You do not have permission to send direct messages to this recipient.'));
      expectApiError(send(member, admins, [admin, other]), refused('You do not have permission to send direct messages to this recipient.'));
      expect(receiversOf(send(member, admins, [admin, owner]))).to.deep.equal([owner.user_id, admin.user_id, member.user_id]);
    });

    it('never stops messages to oneself or to bots, nor a sender in it', function () {
      expect(receiversOf(send(member, admins, [member]))).to.deep.equal([member.user_id]);
      expect(receiversOf(send(member, admins, [bot]))).to.deep.equal([member.user_id, bot.user_id]);
      expect(receiversOf(send(admin, admins, [member, other]))).to.deep.equal([admin.user_id, member.user_id, other.user_id]);
    });

    it('set to nobody, says direct messages are disabled', function () {
      expectApiError(send(owner, { direct_message_permission_group: SYS['role:nobody'] }, [member]), refused('Direct messages are disabled in this organization.'));
    });

    it('holds for an anonymous group too', function () {
      const some = { direct_message_permission_group: { direct_members: [other.user_id], direct_subgroups: [] } };
      expect(receiversOf(send(member, some, [other]))).to.deep.equal([member.user_id, other.user_id]);
      expectApiError(send(member, some, [admin]), refused('permission to send direct messages'));
    });
  });

  describe('direct_message_initiator_group', function () {
    const admins = { direct_message_initiator_group: SYS['role:administrators'] };

    it('lets a sender outside it write only in conversations that exist', function () {
      expectApiError(send(member, admins, [other]), refused('You do not have permission to initiate direct message conversations.'));
      expect(receiversOf(send(member, admins, [other], true))).to.deep.equal([member.user_id, other.user_id]);
      expect(receiversOf(send(admin, admins, [other]))).to.deep.equal([admin.user_id, other.user_id]);
    });

    it('never stops messages to oneself or to bots', function () {
      expect(receiversOf(send(member, admins, [member]))).to.deep.equal([member.user_id]);
      expect(receiversOf(send(member, admins, [bot, member]))).to.deep.equal([member.user_id, bot.user_id]);
    });
  });

  it('names unknown recipients as the public API does: by user id or by address', function () {
    expectApiError(() => decideSendMessage(sendContext(member, { users }), sendCommand({ type: 'direct', recipients: [{ missing: 99 }] })), refused('Invalid user ID 99'));
    expectApiError(() => decideSendMessage(sendContext(member, { users }), sendCommand({ type: 'direct', recipients: [{ missing: 'x@example.com' }] })), refused("Invalid email 'x@example.com'"));
  });
});
