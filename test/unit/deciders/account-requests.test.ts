import { expect } from 'chai';
import { checkCreateUserRequest, decideConfirmEmailChange, decideReadMutedMessages } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';
import { anAdmin, aMember, aUser } from '../../support/user-state-factory.js';

const NOW = 1_700_000_000_000;
const pending = (new_email: string, expires_at = NOW + 1000) => ({ new_email, token_digest: 'd1', expires_at });

describe('account requests', () => {
  it('POST /users: administrators only, then a long enough password', () => {
    expectApiError(() => checkCreateUserRequest(aMember(), 'long enough'), refused('administrator'));
    expectApiError(() => checkCreateUserRequest(anAdmin(), 'short'), refused("Invalid 'password'"));
    expect(() => checkCreateUserRequest(anAdmin(), 'long enough')).to.not.throw();
  });

  it('confirming an address change takes the pending address of the user the token names', () => {
    const user = aUser({ user_id: 7, email: 'old@example.com', pending_email_change: pending('new@example.com') });
    const { user: confirmed, events } = decideConfirmEmailChange([aMember(), user], 'd1', NOW);
    expect(confirmed.user_id).to.equal(7);
    expect(events).to.deep.equal([{ type: 'UserEmailChanged', data: { user_id: 7, email: 'new@example.com', previous_email: 'old@example.com' } }]);
  });

  it('refuses an unknown or expired token, and an address taken meanwhile', () => {
    const user = aUser({ user_id: 7, pending_email_change: pending('new@example.com', NOW - 1) });
    expectApiError(() => decideConfirmEmailChange([user], 'other', NOW), refused('invalid or has expired'));
    expectApiError(() => decideConfirmEmailChange([user], 'd1', NOW), refused('invalid or has expired'));
    const fresh = aUser({ user_id: 7, pending_email_change: pending('user4@example.com') });
    expectApiError(() => decideConfirmEmailChange([fresh, aMember()], 'd1', NOW), refused("Email 'user4@example.com' already in use"));
  });

  it('a mute reads the muted user’s unread messages for the muter, and records nothing when there are none', () => {
    expect(decideReadMutedMessages(4, [11, 12])).to.deep.equal([
      { type: 'MessageFlagsChanged', data: { user_id: 4, op: 'add', flag: 'read', message_ids: [11, 12], historical: [] } },
    ]);
    expect(decideReadMutedMessages(4, [])).to.deep.equal([]);
  });
});
