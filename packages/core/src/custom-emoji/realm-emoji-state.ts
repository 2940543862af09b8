import type { RealmEmojiEvent } from '../events/realm-emoji-events.js';
import { UPLOAD_REALM_ID } from '../uploads/upload-paths.js';

/** A custom emoji as the read model holds it and as deciders see it. */
export interface RealmEmojiState {
  id: number;
  name: string;
  author_id: number | null;
  /** `<id>.<ext>`: where the image is stored and served. */
  file_name: string;
  content_type: string;
  size: number;
  deactivated: boolean;
}

/** Where the image of a custom emoji is stored (a key of the upload storage). */
export const realmEmojiStoragePath = (fileName: string): string => `${UPLOAD_REALM_ID}/emoji/images/${fileName}`;

/** Whether a storage key is one `realmEmojiStoragePath` makes (so it may name a stored image). */
export const isRealmEmojiStoragePath = (path: string): boolean => /^\d+\/emoji\/images\/[1-9]\d*\.(png|gif|jpeg|webp)$/.test(path);

/** The URL an emoji's image is served at, relative to the organization, as clients receive it in `source_url`. */
export const realmEmojiUrl = (fileName: string): string => `/user_avatars/${realmEmojiStoragePath(fileName)}`;

export const REALM_EMOJI_EVENT_TYPES = ['RealmEmojiAdded', 'RealmEmojiDeactivated'] as const satisfies readonly RealmEmojiEvent['type'][];

/** One event applied to the custom emoji (the deciders fold the emoji stream with it). */
export function evolveRealmEmoji(state: readonly RealmEmojiState[], event: RealmEmojiEvent): RealmEmojiState[] {
  if (event.type === 'RealmEmojiDeactivated') return state.map((emoji) => (emoji.id === event.data.emoji_id ? { ...emoji, deactivated: true } : emoji));
  const { emoji_id, name, author_id, file_name, content_type, size } = event.data;
  return [...state, { id: emoji_id, name, author_id, file_name, content_type, size, deactivated: false }];
}
