import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { ApiError, isStorageFull, storageFull } from '@chat/core';
import type { BodyLimits } from './body-limits.js';
import type { FileUploadLimits, UploadedFile } from './route.js';

/** Where each request's file part is being written: a directory of its own, removed whole when it ends. */
const receiving = new WeakMap<Request, string>();

/**
 * Parses a multipart body within the route's limits: a few fields, each bounded; one file, only where
 * the route takes uploads, written as it arrives (never held in memory) into a directory of the
 * request's own under `uploadDir`, removed with whatever is left in it (a part cut short, a file no
 * view kept) once the response is finished. Busboy reports a truncated body or a missing boundary as
 * a plain Error: still the client's fault, not a 500. A disk too full to take the file is
 * STORAGE_FULL, reported to `onStorageFull`.
 */
export function multipartBody(limits: BodyLimits, upload: FileUploadLimits | undefined, uploadDir: string, onStorageFull: (error: unknown) => void = () => {}): RequestHandler {
  const fieldLimits = { fieldSize: limits.fieldBytes, fields: limits.fields, parts: limits.fields + 1 };
  const storage = multer.diskStorage({
    destination: (req, _file, done) => {
      const dir = join(uploadDir, `upload-${randomUUID()}`);
      receiving.set(req, dir);
      mkdir(dir, { recursive: true, mode: 0o700 }).then(() => done(null, dir), (error: Error) => done(error, dir));
    },
  });
  const parse = upload ? multer({ storage, limits: { ...fieldLimits, files: 1, fileSize: upload.maxBytes } }).any() : multer({ limits: { ...fieldLimits, files: 0 } }).none();
  return (req: Request, res: Response, next: NextFunction) => {
    if (upload) res.once('close', () => void removeReceived(req));
    parse(req, res, (error?: unknown) => {
      if (error !== undefined && isStorageFull(error)) onStorageFull(error);
      next(error === undefined ? undefined : multipartError(error, upload));
    });
  };
}

/** The file parts multer kept for this request, as files on disk. */
export function filesOf(req: Request): UploadedFile[] {
  const files = Array.isArray(req.files) ? req.files : [];
  return files.map((file) => ({ field: file.fieldname, name: file.originalname, contentType: file.mimetype, size: file.size, path: file.path }));
}

async function removeReceived(req: Request): Promise<void> {
  const dir = receiving.get(req);
  if (dir) await rm(dir, { recursive: true, force: true });
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
  if (isStorageFull(error)) return storageFull();
  return new ApiError('BAD_REQUEST', 400, `Malformed multipart body: ${error instanceof Error ? error.message : String(error)}`);
}
