import { erasedEmail, erasedFullName } from '@chat/core';
import type { SubjectKeys } from '@chat/keystore';
import type { ClientEvent } from '@chat/realtime';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const idsIn = (list: unknown, field: string): number[] => (Array.isArray(list) ? list.filter(isObject).map((item) => Number(item[field])) : []);
const idIn = (item: unknown, field: string): number[] => (isObject(item) ? [Number(item[field])] : []);

/**
 * The forgettable things a queued client event carries a copy of, as subjects (docs/topics/forgetting.md):
 * a new or edited message, a reminder (its quote), a scheduled message, a draft, a snippet.
 */
function subjectsIn(event: ClientEvent): string[] {
  switch (event.type) {
    case 'message':
      return idIn(event.message, 'id').map((id) => `message-${id}`);
    case 'update_message':
      return [`message-${Number(event.message_id)}`];
    case 'reminders':
      return idsIn(event.reminders, 'reminder_id').map((id) => `reminder-${id}`);
    case 'scheduled_messages':
      return [...idsIn(event.scheduled_messages, 'scheduled_message_id'), ...idIn(event.scheduled_message, 'scheduled_message_id')].map((id) => `scheduled-${id}`);
    case 'drafts':
      return [...idsIn(event.drafts, 'id'), ...idIn(event.draft, 'id')].map((id) => `draft-${id}`);
    case 'saved_snippets':
      return idIn(event.saved_snippet, 'id').map((id) => `snippet-${id}`);
    default:
      return [];
  }
}

/** A person's values in a client event, by field, as they read once the person is erased. */
const PERSON_FIELDS: Readonly<Record<string, (id: number) => unknown>> = {
  full_name: erasedFullName,
  email: erasedEmail,
  delivery_email: erasedEmail,
  new_email: erasedEmail,
  timezone: () => '',
  status_text: () => '',
  profile_data: () => ({}),
  // A client computes it from the (placeholder) address, as for client_gravatar.
  avatar_url: () => null,
};

/**
 * What a queued client event is written to queues.json as, once things were forgotten
 * (docs/topics/forgetting.md): nothing for an event carrying something deleted (a message, a
 * reminder's quote, a scheduled message, a draft, a snippet); an erased person's
 * name, addresses, time zone, status, profile values and avatar replaced by what they read as now,
 * wherever an object names them (`user_id`, or `id` beside a name or address; `sender_id` for a
 * message's sender fields). Their queues went with their deactivation; this is what others' queues
 * held of them.
 */
export class QueuedEventScrub {
  private readonly forgotten = new Set<string>();
  private readonly people = new Set<number>();

  constructor(keys: Pick<SubjectKeys, 'onForgotten'>) {
    keys.onForgotten((subjects) => {
      for (const subject of subjects) {
        if (subject.startsWith('user-')) this.people.add(Number(subject.slice('user-'.length)));
        else this.forgotten.add(subject);
      }
    });
  }

  readonly scrub = (event: ClientEvent): ClientEvent | null => {
    if (subjectsIn(event).some((subject) => this.forgotten.has(subject))) return null;
    return this.people.size === 0 ? event : (this.erased(event) as ClientEvent);
  };

  private erased(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((each) => this.erased(each));
    if (!isObject(value)) return value;
    const out: Json = {};
    for (const [key, each] of Object.entries(value)) out[key] = this.erased(each);
    const person = this.personOf(value);
    if (person !== null) {
      for (const [field, placeholder] of Object.entries(PERSON_FIELDS)) if (field in out) out[field] = placeholder(person);
      if (isObject(out.custom_profile_field)) out.custom_profile_field = { id: out.custom_profile_field.id, value: null };
    }
    const sender = Number(value.sender_id);
    if (this.people.has(sender)) {
      if ('sender_full_name' in out) out.sender_full_name = erasedFullName(sender);
      if ('sender_email' in out) out.sender_email = erasedEmail(sender);
      if ('avatar_url' in out) out.avatar_url = null;
    }
    return out;
  }

  /** The erased person an object describes, or null. */
  private personOf(value: Json): number | null {
    const userId = Number(value.user_id);
    if (this.people.has(userId)) return userId;
    const id = Number(value.id);
    return this.people.has(id) && ('full_name' in value || 'email' in value) ? id : null;
  }
}
