import type { StoredEventOf } from '@chat/core';
import type { Delivery } from '@chat/realtime';
import { fanoutOf } from './fanout.js';

/** `push_device` with the registration's status, to the user who registered it (the public API gives the id as a string). */
function pushDevicesDeliveries(event: StoredEventOf<'PushDeviceRegistered'>): Delivery[] {
  const { user_id, push_account_id, status, error_code } = event.data;
  return [{ userIds: [user_id], event: { type: 'push_device', push_account_id: String(push_account_id), status, error_code } }];
}

export const pushDevicesFanout = fanoutOf('push-devices', ['PushDeviceRegistered'], pushDevicesDeliveries);
