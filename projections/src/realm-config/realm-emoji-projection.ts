import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Custom emoji; a deactivated one stays, marked, so that reactions and messages using it still render. */
export function realmEmojiProjection(models: ReadModels): Projection {
  return projectionOf('realm-emoji', ['RealmEmojiAdded', 'RealmEmojiDeactivated'], async (event) => {
    if (event.type === 'RealmEmojiAdded') {
      const { emoji_id, name, author_id, file_name, content_type, size } = event.data;
      await models.realmEmoji.put(emoji_id, { id: emoji_id, name, author_id, file_name, content_type, size, deactivated: false }, event.position);
      return;
    }
    const emoji = await models.realmEmoji.get(event.data.emoji_id);
    if (emoji) await models.realmEmoji.put(emoji.id, { ...emoji, deactivated: true }, event.position);
  });
}
