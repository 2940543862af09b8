import { expect } from 'chai';
import type { ForgetListener } from '@chat/keystore';
import { QueuedEventScrub } from '../../../services/api/src/keys/queued-event-scrub.js';

/** A key store that forgets when told to. */
function forgetting(): { scrub: QueuedEventScrub; forget: (...subjects: string[]) => void } {
  const listeners: ForgetListener[] = [];
  const scrub = new QueuedEventScrub({ onForgotten: (listener) => (listeners.push(listener), () => undefined) });
  return { scrub, forget: (...subjects) => listeners.forEach((listener) => listener(subjects, 1)) };
}

describe('what queues.json keeps of queued client events once things were forgotten', () => {
  it('leaves out events carrying a deleted message, reminder, scheduled message, draft or snippet', () => {
    const { scrub, forget } = forgetting();
    const events = [
      { type: 'message', message: { id: 4, content: 'x' } },
      { type: 'update_message', message_id: 4 },
      { type: 'reminders', op: 'add', reminders: [{ reminder_id: 5 }] },
      { type: 'scheduled_messages', op: 'update', scheduled_message: { scheduled_message_id: 6 } },
      { type: 'drafts', op: 'add', drafts: [{ id: 7 }] },
      { type: 'saved_snippets', op: 'add', saved_snippet: { id: 8 } },
    ];
    expect(events.map(scrub.scrub)).to.deep.equal(events);
    forget('message-4', 'reminder-5', 'scheduled-6', 'draft-7', 'snippet-8');
    expect(events.map(scrub.scrub)).to.deep.equal([null, null, null, null, null, null]);
    expect(scrub.scrub({ type: 'message', message: { id: 9 } })).to.deep.equal({ type: 'message', message: { id: 9 } });
  });

  it("writes an erased person's values as their placeholders wherever an object names them, and nobody else's", () => {
    const { scrub, forget } = forgetting();
    forget('user-7');
    const message = {
      type: 'message',
      message: { id: 7, sender_id: 7, sender_full_name: 'Pat', sender_email: 'pat@x.example', avatar_url: 'https://g/abc', content: 'kept text', display_recipient: [{ id: 7, email: 'pat@x.example', full_name: 'Pat' }, { id: 3, email: 'al@x.example', full_name: 'Al' }] },
    };
    expect(scrub.scrub(message)).to.deep.equal({
      type: 'message',
      message: {
        id: 7, sender_id: 7, sender_full_name: 'Deleted User 7', sender_email: 'deleteduser7@erased.invalid', avatar_url: null, content: 'kept text',
        display_recipient: [{ id: 7, email: 'deleteduser7@erased.invalid', full_name: 'Deleted User 7' }, { id: 3, email: 'al@x.example', full_name: 'Al' }],
      },
    });
    const person = { type: 'realm_user', op: 'add', person: { user_id: 7, full_name: 'Pat', email: 'pat@x.example', delivery_email: 'pat@x.example', timezone: 'Europe/Paris', profile_data: { '1': { value: 'desk' } }, role: 400 } };
    expect(scrub.scrub(person)).to.deep.equal({ type: 'realm_user', op: 'add', person: { user_id: 7, full_name: 'Deleted User 7', email: 'deleteduser7@erased.invalid', delivery_email: 'deleteduser7@erased.invalid', timezone: '', profile_data: {}, role: 400 } });
    const field = { type: 'realm_user', op: 'update', person: { user_id: 7, custom_profile_field: { id: 1, value: 'desk', rendered_value: '<p>desk</p>' } } };
    expect(scrub.scrub(field)).to.deep.equal({ type: 'realm_user', op: 'update', person: { user_id: 7, custom_profile_field: { id: 1, value: null } } });
    expect(scrub.scrub({ type: 'user_status', user_id: 7, status_text: 'away' })).to.deep.equal({ type: 'user_status', user_id: 7, status_text: '' });
    const other = { type: 'realm_user', op: 'update', person: { user_id: 3, full_name: 'Al' } };
    expect(scrub.scrub(other)).to.deep.equal(other);
  });
});
