import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';

/** A channel folder as GET /channel_folders and the register response list it. */
export interface FolderRecord {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  order: number;
  date_created: number;
  creator_id: number | null;
  is_archived: boolean;
}

/** The request failed with exactly this code and message (always 400 for these endpoints). */
export function expectFailure(res: ApiResponse, code: string, msg: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(400);
  expect(res.body).to.include({ result: 'error', code, msg });
}

export function expectSuccess(res: ApiResponse): Record<string, any> {
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  expect(res.body).to.include({ result: 'success', msg: '' });
  return res.body;
}

export async function listFolders(client: ApiClient, params: Record<string, unknown> = {}): Promise<FolderRecord[]> {
  return expectSuccess(await client.get('/channel_folders', params)).channel_folders as FolderRecord[];
}

export async function createFolder(client: ApiClient, name: string, description = ''): Promise<number> {
  return expectSuccess(await client.post('/channel_folders/create', { name, description })).channel_folder_id as number;
}
