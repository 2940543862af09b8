import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Code playgrounds. */
export function playgroundsProjection(models: ReadModels): Projection {
  return projectionOf('playgrounds', ['CodePlaygroundAdded', 'CodePlaygroundRemoved'], async (event) => {
    if (event.type === 'CodePlaygroundAdded') {
      const { playground_id, name, pygments_language, url_template } = event.data;
      await models.playgrounds.put(playground_id, { id: playground_id, name, pygments_language, url_template }, event.position);
      return;
    }
    await models.playgrounds.delete(event.data.playground_id, event.position);
  });
}
