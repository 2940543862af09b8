import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Users' alert words: each change carries the whole list; an empty list leaves no document. */
export function alertWordsProjection(models: ReadModels): Projection {
  return projectionOf('alert-words', ['UserAlertWordsChanged'], async (event) => {
    const { user_id, alert_words } = event.data;
    if (alert_words.length === 0) await models.alertWords.delete(user_id, event.position);
    else await models.alertWords.put(user_id, { user_id, alert_words: [...alert_words] }, event.position);
  });
}
