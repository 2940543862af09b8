import { badRequest, fileTooLarge } from '@chat/core';
import type { CallOf, FileUploadLimits } from '@chat/http';
import { deleteAttachment, listAttachments, uploadFile } from '../actions/attachments.js';
import type { Config } from '../config.js';
import { viewableUpload } from '../queries/upload-access.js';
import { callerUser, originOf } from './call-context.js';
import type { Allocates, Clocked, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What temporaryUploadUrlEndpoint uses. */
type TemporaryUploadUrlEndpointDeps = Clocked & Reads<'attachments' | 'messages' | 'subscriptions' | 'users'> & Uses<'organization' | 'uploadUrls'>;

/** What uploadFileEndpoint uses. */
type UploadFileEndpointDeps = Commands & Configured & Allocates & Reads<'users'> & Uses<'uploads'>;
/** What deleteAttachmentEndpoint uses. */
type DeleteAttachmentEndpointDeps = Commands & LogReads & Reads<'attachments' | 'users'> & Uses<'uploads'>;

/** What POST /user_uploads lets through while streaming: one file up to the configured size. */
export const uploadLimits = (config: Config): FileUploadLimits => ({
  maxBytes: config.maxUploadMib * 1024 * 1024,
  tooLarge: () => fileTooLarge(config.maxUploadMib),
});

/** POST /user_uploads: one file, under any field name (clients use `filename`). */
export async function uploadFileEndpoint(ctx: UploadFileEndpointDeps, call: CallOf<'user-upload'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  const file = call.files[0];
  if (!file) throw badRequest('You must specify a file to upload');
  return { ...(await uploadFile(ctx, originOf(call), user.user_id, { name: file.name, contentType: file.contentType, size: file.size, path: file.path })) };
}

/** GET /attachments */
export async function getAttachments(ctx: Reads<'attachments' | 'uploadUsage' | 'users'>, call: CallOf<'empty'>): Promise<Record<string, unknown>> {
  return { ...(await listAttachments(ctx, (await callerUser(ctx, call)).user_id)) };
}

/** DELETE /attachments/{attachment_id} */
export async function deleteAttachmentEndpoint(ctx: DeleteAttachmentEndpointDeps, call: CallOf<'attachment-delete'>): Promise<Record<string, unknown>> {
  const user = await callerUser(ctx, call);
  await deleteAttachment(ctx, originOf(call), user.user_id, call.path.attachment_id);
  return {};
}

/** GET /user_uploads/{realm_id_str}/{filename}: a link to a file the caller may see that needs no credentials for a minute. */
export async function temporaryUploadUrlEndpoint(ctx: TemporaryUploadUrlEndpointDeps, call: CallOf<'upload-temporary-url'>): Promise<Record<string, unknown>> {
  const viewer = await callerUser(ctx, call);
  const { realm_id_str, filename } = call.path;
  const attachment = await viewableUpload(ctx, viewer, `${realm_id_str}/${filename.join('/')}`);
  return { url: ctx.uploadUrls.issue(attachment.path_id) };
}
