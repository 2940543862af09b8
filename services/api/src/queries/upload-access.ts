import { ApiError, type AttachmentState, type UserState } from '@chat/core';
import { ChannelQuery } from './channel-query.js';
import { readableMessages } from './message-access.js';
import type { Clocked, Reads, Uses } from '../dependencies.js';

/** What mayViewUpload uses. */
type MayViewUploadDeps = Clocked & Reads<'messages' | 'subscriptions'> & Uses<'organization'>;
/** What viewableUpload uses. */
type ViewableUploadDeps = Clocked & Reads<'attachments' | 'messages' | 'subscriptions'> & Uses<'organization'>;

/**
 * Who may fetch an uploaded file: its owner, and anyone who may read one of the messages linking it
 * (received it, or reads the history of its channel), by the same rule as reading messages.
 */
export async function mayViewUpload(ctx: MayViewUploadDeps, viewer: UserState, attachment: AttachmentState): Promise<boolean> {
  if (attachment.owner_id === viewer.user_id) return true;
  if (attachment.messages.length === 0) return false;
  const q = await ChannelQuery.open(ctx, viewer);
  return (await readableMessages(ctx, q, attachment.messages.map((m) => m.id))).length > 0;
}

export const uploadNotFound = (): ApiError => new ApiError('NOT_FOUND', 404, 'File not found');
const uploadForbidden = (): ApiError => new ApiError('BAD_REQUEST', 403, 'You are not authorized to view this file');

/** The file at `pathId` if `viewer` may see it; 404 for no such file, 403 for one they may not see. */
export async function viewableUpload(ctx: ViewableUploadDeps, viewer: UserState, pathId: string): Promise<AttachmentState> {
  const attachment = await ctx.models.attachments.findOne('path_id', pathId);
  if (!attachment) throw uploadNotFound();
  if (!(await mayViewUpload(ctx, viewer, attachment))) throw uploadForbidden();
  return attachment;
}
