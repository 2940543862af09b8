import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Linkifiers with their processing positions. */
export function linkifiersProjection(models: ReadModels): Projection {
  return projectionOf('linkifiers', ['LinkifierAdded', 'LinkifierUpdated', 'LinkifierRemoved', 'LinkifiersReordered'], async (event) => {
    const at = event.position;
    switch (event.type) {
      case 'LinkifierAdded': {
        const { linkifier_id, pattern, url_template, order } = event.data;
        await models.linkifiers.put(linkifier_id, { id: linkifier_id, pattern, url_template, order }, at);
        return;
      }
      case 'LinkifierUpdated': {
        const { linkifier_id, pattern, url_template } = event.data;
        const linkifier = await models.linkifiers.get(linkifier_id);
        if (linkifier) await models.linkifiers.put(linkifier_id, { ...linkifier, pattern, url_template }, at);
        return;
      }
      case 'LinkifierRemoved':
        await models.linkifiers.delete(event.data.linkifier_id, at);
        return;
      case 'LinkifiersReordered':
        // A linkifier the order does not list (added concurrently with the reorder) keeps its position.
        for (const [index, id] of event.data.order.entries()) {
          const linkifier = await models.linkifiers.get(id);
          if (linkifier) await models.linkifiers.put(id, { ...linkifier, order: index }, at);
        }
        return;
      default:
        return;
    }
  });
}
