// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface BotCreateRequest {
full_name: string
short_name: string
bot_type?: number
payload_url?: string
service_name?: string
config_data?: {
[k: string]: string | undefined
}
interface_type?: number
default_sending_stream?: string
default_events_register_stream?: string
default_all_public_streams?: boolean
}
export interface BotIdRequest {
bot_id: number
}
export interface BotStorageGetRequest {
keys?: string[]
}
export interface BotStoragePutRequest {
storage: {
[k: string]: unknown | undefined
}
}
export interface BotStorageRemoveRequest {
keys?: string[]
}
export interface BotUpdateRequest {
bot_id: number
full_name?: string
role?: (100 | 200 | 300 | 400 | 600)
bot_owner_id?: number
config_data?: {
[k: string]: string | undefined
}
service_payload_url?: string
service_interface?: number
default_sending_stream?: string
default_events_register_stream?: string
default_all_public_streams?: boolean
}

export interface BotRequestTypes {
  'bot-create': BotCreateRequest;
  'bot-id': BotIdRequest;
  'bot-storage-get': BotStorageGetRequest;
  'bot-storage-put': BotStoragePutRequest;
  'bot-storage-remove': BotStorageRemoveRequest;
  'bot-update': BotUpdateRequest;
}

export interface BotRequestPathNames {
  'bot-create': never;
  'bot-id': 'bot_id';
  'bot-storage-get': never;
  'bot-storage-put': never;
  'bot-storage-remove': never;
  'bot-update': 'bot_id';
}
