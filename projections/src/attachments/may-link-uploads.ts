import { namesUpload, type StoredEventOf } from '@chat/core';
import type { ReadModels } from '../read-models.js';

/**
 * Whether a sent message may link uploads: only its sender's files can be linked, so a sender who owns
 * none (nearly every send) is answered from the attachments index without reading the message's text,
 * which a replay of a sealed log would otherwise decrypt for every message (docs/topics/forgetting.md).
 */
export async function mayLinkUploads(models: Pick<ReadModels, 'attachments'>, event: StoredEventOf<'MessageSent'>): Promise<boolean> {
  if ((await models.attachments.findMany('owner_id', event.data.sender_id)).length === 0) return false;
  return namesUpload(event.data.rendered_content);
}
