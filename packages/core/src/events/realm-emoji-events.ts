/**
 * A member uploaded a custom emoji. The image is stored under `file_name` (`<emoji_id>.<ext>`) in the
 * emoji folder of the upload storage; reactions name the emoji by its id.
 */
export interface RealmEmojiAdded {
  type: 'RealmEmojiAdded';
  data: { emoji_id: number; name: string; author_id: number; file_name: string; content_type: string; size: number };
}

/** A custom emoji was deactivated: it can no longer be used, but existing messages and reactions keep showing it. */
export interface RealmEmojiDeactivated {
  type: 'RealmEmojiDeactivated';
  data: { emoji_id: number };
}

export type RealmEmojiEvent = RealmEmojiAdded | RealmEmojiDeactivated;

declare module './index.js' {
  interface DomainEventKinds {
    RealmEmojiEvent: RealmEmojiEvent;
  }
}
