import type { Express, NextFunction, Request, Response } from 'express';
import { ApiError, type AttachmentState } from '@chat/core';
import { type Authenticator, basicAuthentication, callerOf } from '@chat/http';
import { mayViewUpload } from '../queries/upload-access.js';
import type { ServerContext } from '../server-context.js';

/** Types a browser may show in place; anything else is offered as a download, so no upload runs as a page. */
const INLINE_TYPES: ReadonlySet<string> = new Set([
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'audio/mpeg', 'audio/ogg', 'video/mp4', 'video/webm',
]);

const notFound = (): ApiError => new ApiError('NOT_FOUND', 404, 'File not found');
const forbidden = (): ApiError => new ApiError('BAD_REQUEST', 403, 'You are not authorized to view this file');

/** `Content-Disposition` with the uploader's name, and the URL-safe name for clients that read only `filename`. */
function disposition(attachment: AttachmentState): string {
  const kind = INLINE_TYPES.has(attachment.content_type) ? 'inline' : 'attachment';
  const fallback = attachment.path_id.split('/').pop() ?? 'file';
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(attachment.name)}`;
}

async function serveUpload(ctx: ServerContext, req: Request, res: Response): Promise<void> {
  const segments = req.params.path;
  const pathId = Array.isArray(segments) ? segments.join('/') : String(segments);
  const attachment = await ctx.models.attachments.findOne('path_id', pathId);
  const caller = callerOf(req);
  const viewer = caller ? await ctx.models.users.get(caller.user_id) : undefined;
  if (!attachment || !viewer) throw notFound();
  if (!(await mayViewUpload(ctx, viewer, attachment))) throw forbidden();
  const bytes = await ctx.uploads.get(pathId);
  if (!bytes) throw notFound();
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
export function mountUploadDownloads(app: Express, ctx: ServerContext, authenticator: Authenticator): void {
  app.get('/user_uploads/*path', basicAuthentication(authenticator, false), (req: Request, res: Response, next: NextFunction) => {
    serveUpload(ctx, req, res).catch(next);
  });
}
