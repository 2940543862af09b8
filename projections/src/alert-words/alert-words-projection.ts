import type { StoredEvent } from '@chat/core';
import type { Projection } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Users' alert words: each change carries the whole list; an empty list leaves no document. */
export function alertWordsProjection(models: ReadModels): Projection {
  return {
    name: 'alert-words',
    async apply(event: StoredEvent): Promise<void> {
      if (event.type !== 'UserAlertWordsChanged') return;
      const { user_id, alert_words } = event.data;
      if (alert_words.length === 0) await models.alertWords.delete(user_id, event.position);
      else await models.alertWords.put(user_id, { user_id, alert_words: [...alert_words] }, event.position);
    },
  };
}
