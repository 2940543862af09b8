import { rm } from 'node:fs/promises';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { ApiError } from '@chat/core';
import type { BodyLimits } from './body-limits.js';
import type { FileUploadLimits, UploadedFile } from './route.js';

/**
 * Parses a multipart body within the route's limits: a few fields, each bounded; one file, only where
 * the route takes uploads, written to `uploadDir` as it arrives (never held in memory), and removed
 * once the response is finished (a view that keeps it moves it away first). Busboy reports a
 * truncated body or a missing boundary as a plain Error: still the client's fault, not a 500.
 */
export function multipartBody(limits: BodyLimits, upload: FileUploadLimits | undefined, uploadDir: string): RequestHandler {
  const fieldLimits = { fieldSize: limits.fieldBytes, fields: limits.fields, parts: limits.fields + 1 };
  const parse = upload
    ? multer({ dest: uploadDir, limits: { ...fieldLimits, files: 1, fileSize: upload.maxBytes } }).any()
    : multer({ limits: { ...fieldLimits, files: 0 } }).none();
  return (req: Request, res: Response, next: NextFunction) => {
    if (upload) res.once('close', () => void removeReceived(req));
    parse(req, res, (error?: unknown) => next(error === undefined ? undefined : multipartError(error, upload)));
  };
}

/** The file parts multer kept for this request, as files on disk. */
export function filesOf(req: Request): UploadedFile[] {
  const files = Array.isArray(req.files) ? req.files : [];
  return files.map((file) => ({ field: file.fieldname, name: file.originalname, contentType: file.mimetype, size: file.size, path: file.path }));
}

async function removeReceived(req: Request): Promise<void> {
  await Promise.all(filesOf(req).map((file) => rm(file.path, { force: true })));
}

function multipartError(error: unknown, upload: FileUploadLimits | undefined): unknown {
  if (error instanceof multer.MulterError) {
    if (upload && error.code === 'LIMIT_FILE_SIZE') return upload.tooLarge();
    if (upload && error.code === 'LIMIT_FILE_COUNT') return new ApiError('BAD_REQUEST', 400, 'You may only upload one file at a time');
    if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return new ApiError('BAD_REQUEST', 400, 'This endpoint takes no files');
    if (error.code === 'LIMIT_FIELD_VALUE' || error.code === 'LIMIT_FIELD_COUNT' || error.code === 'LIMIT_PART_COUNT') {
      return new ApiError('BAD_REQUEST', 413, `Request body too large: ${error.message}`);
    }
    return error;
  }
  if (error instanceof ApiError) return error;
  return new ApiError('BAD_REQUEST', 400, `Malformed multipart body: ${error instanceof Error ? error.message : String(error)}`);
}
