// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface ReminderCreateRequest {
message_id: number
scheduled_delivery_timestamp: number
note?: string
}
export interface ReminderDeleteRequest {
reminder_id: number
}

export interface ReminderRequestTypes {
  'reminder-create': ReminderCreateRequest;
  'reminder-delete': ReminderDeleteRequest;
}

export interface ReminderRequestPathNames {
  'reminder-create': never;
  'reminder-delete': 'reminder_id';
}
