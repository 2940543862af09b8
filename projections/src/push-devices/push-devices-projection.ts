import { pushDeviceKeys } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import type { ReadModels } from '../read-models.js';

/** Users' push registrations: legacy tokens by digest, encrypted registrations by push account id. */
export function pushDevicesProjection(models: ReadModels): Projection {
  return projectionOf('push-devices', ['PushDeviceRegistered', 'PushTokenAdded', 'PushTokenRemoved'], async (event) => {
    switch (event.type) {
      case 'PushTokenAdded': {
        const data = event.data;
        const key = pushDeviceKeys.token(data.user_id, data.token_kind, data.token_digest);
        await models.pushDevices.put(key, { key, kind: 'token', ...data }, event.position);
        return;
      }
      case 'PushTokenRemoved': {
        const { user_id, token_kind, token_digest } = event.data;
        await models.pushDevices.delete(pushDeviceKeys.token(user_id, token_kind, token_digest), event.position);
        return;
      }
      case 'PushDeviceRegistered': {
        const key = pushDeviceKeys.e2ee(event.data.user_id, event.data.push_account_id);
        await models.pushDevices.put(key, { key, kind: 'e2ee', ...event.data }, event.position);
        return;
      }
      default:
        return;
    }
  });
}
