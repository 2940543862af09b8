import { type AttachmentRecord, type AttachmentState, detachedUploads, type MessageContentEdited, type MessagesMoved } from '@chat/core';
import type { Reads } from '../dependencies.js';

/**
 * The editor's files that an edit, about to be appended, takes the last link from: read before the
 * edit is applied, from the links the message has now and the HTML the edit gives it.
 */
export async function uploadsDetachedBy(ctx: Reads<'attachmentLinks' | 'attachments'>, editorId: number, edit: MessageContentEdited | MessagesMoved): Promise<AttachmentRecord[]> {
  const html = edit.type === 'MessageContentEdited' ? edit.data.rendered_content : edit.data.content_edit?.rendered_content;
  if (html === undefined) return [];
  const links = await ctx.models.attachmentLinks.get(edit.data.message_id);
  const linked: AttachmentState[] = [];
  for (const id of links?.attachment_ids ?? []) {
    const attachment = await ctx.models.attachments.get(id);
    if (attachment) linked.push(attachment);
  }
  return detachedUploads(linked, edit.data.message_id, editorId, html);
}
