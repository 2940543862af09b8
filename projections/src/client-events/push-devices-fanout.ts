import type { StoredEvent } from '@chat/core';
import type { Delivery } from '@chat/realtime';

/** `push_device` with the registration's status, to the user who registered it (the public API gives the id as a string). */
export function pushDevicesFanout(event: StoredEvent): Delivery[] {
  if (event.type !== 'PushDeviceRegistered') return [];
  const { user_id, push_account_id, status, error_code } = event.data;
  return [{ userIds: [user_id], event: { type: 'push_device', push_account_id: String(push_account_id), status, error_code } }];
}
