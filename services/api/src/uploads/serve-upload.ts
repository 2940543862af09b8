import type { ServerResponse } from 'node:http';
import { type AttachmentState, badRequest } from '@chat/core';
import { type CallOf, HANDLED, type RouteResult } from '@chat/http';
import { uploadNotFound, viewableUpload } from '../queries/upload-access.js';
import { fileNameOf } from './temporary-upload-urls.js';
import { sendExportFile } from './serve-export.js';
import type { Clocked, Reads, Uses } from '../dependencies.js';

/** What serveUpload uses. */
type ServeUploadDeps = Clocked & Reads<'attachments' | 'messages' | 'realmExports' | 'subscriptions' | 'users'> & Uses<'organization' | 'uploads'>;

/** Types a browser may show in place; anything else is offered as a download, so no upload runs as a page. */
const INLINE_TYPES: ReadonlySet<string> = new Set([
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'audio/mpeg', 'audio/ogg', 'video/mp4', 'video/webm',
]);

/** `Content-Disposition` with the uploader's name, and the URL-safe name for clients that read only `filename`. */
function disposition(attachment: AttachmentState): string {
  const kind = INLINE_TYPES.has(attachment.content_type) ? 'inline' : 'attachment';
  const fallback = attachment.path_id.split('/').pop() ?? 'file';
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(attachment.name)}`;
}

/** The stored bytes of a file the caller may see, with headers that keep a browser from running it. */
async function sendFile(ctx: Uses<'uploads'>, res: ServerResponse, attachment: AttachmentState): Promise<void> {
  const bytes = await ctx.uploads.get(attachment.path_id);
  if (!bytes) throw uploadNotFound();
  res.writeHead(200, {
    'Content-Type': attachment.content_type,
    'Content-Length': String(attachment.size),
    'Content-Disposition': disposition(attachment),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, max-age=3600',
  });
  bytes.pipe(res);
}

/**
 * GET /user_uploads/<path_id>: the file itself, outside /api/v1 (links in messages point here), for
 * callers authenticated with Basic auth as on the API.
 */
export async function uploadDownloadPage(ctx: ServeUploadDeps, call: CallOf<'upload-download-page'>): Promise<RouteResult> {
  const pathId = call.path.path.join('/');
  const viewer = call.caller ? await ctx.models.users.get(call.caller.user_id) : undefined;
  if (!viewer) throw uploadNotFound();
  const [exported] = await ctx.models.realmExports.findMany('path_id', pathId);
  if (exported) await sendExportFile(ctx, call.raw.res, viewer, exported);
  else await sendFile(ctx, call.raw.res, await viewableUpload(ctx, viewer, pathId));
  return HANDLED;
}

/**
 * GET /user_uploads/temporary/<token>/<name>: the links `GET /api/v1/user_uploads/{realm_id_str}/{filename}`
 * hands out (see temporary-upload-urls.ts); the token alone grants access, until it expires.
 */
export async function temporaryUploadPage(ctx: Reads<'attachments'> & Uses<'uploadUrls' | 'uploads'>, call: CallOf<'upload-temporary-page'>): Promise<RouteResult> {
  const pathId = ctx.uploadUrls.open(call.path.token);
  if (pathId === null) throw badRequest('Invalid token');
  if (fileNameOf(pathId) !== call.path.filename) throw badRequest('Invalid filename');
  const attachment = await ctx.models.attachments.findOne('path_id', pathId);
  if (!attachment) throw uploadNotFound();
  await sendFile(ctx, call.raw.res, attachment);
  return HANDLED;
}
