import type { ChannelFolderState } from '@chat/core';
import type { ApiClient } from './api-client.js';
import { numberField } from './json-fields.js';
import { expectSuccess } from './response-assertions.js';

/** A channel folder as GET /channel_folders and the register response list it. */
export type FolderRecord = ChannelFolderState;

export async function listFolders(client: ApiClient, params: Record<string, unknown> = {}): Promise<FolderRecord[]> {
  return expectSuccess(await client.get('/channel_folders', params)).channel_folders as FolderRecord[];
}

export async function createFolder(client: ApiClient, name: string, description = ''): Promise<number> {
  return numberField(expectSuccess(await client.post('/channel_folders/create', { name, description })), 'channel_folder_id');
}
