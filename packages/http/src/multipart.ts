import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { ApiError } from '@chat/core';
import type { FileUploadLimits, UploadedFile } from './route.js';

const FIELD_LIMITS = { fieldSize: 1024 * 1024, fields: 1000 };

/**
 * Parses a multipart body: form fields always; one file, held in memory up to the route's limit, only
 * where the route takes uploads. Busboy reports a truncated body or a missing boundary as a plain Error:
 * still the client's fault, not a 500.
 */
export function multipartBody(upload: FileUploadLimits | undefined): RequestHandler {
  const parse = upload
    ? multer({ storage: multer.memoryStorage(), limits: { ...FIELD_LIMITS, files: 1, fileSize: upload.maxBytes } }).any()
    : multer({ limits: { ...FIELD_LIMITS, files: 0 } }).none();
  return (req: Request, res: Response, next: NextFunction) =>
    parse(req, res, (error?: unknown) => next(error === undefined ? undefined : multipartError(error, upload)));
}

/** The file parts multer kept for this request. */
export function filesOf(req: Request): UploadedFile[] {
  const files = Array.isArray(req.files) ? req.files : [];
  return files.map((file) => ({ field: file.fieldname, name: file.originalname, contentType: file.mimetype, bytes: file.buffer }));
}

function multipartError(error: unknown, upload: FileUploadLimits | undefined): unknown {
  if (error instanceof multer.MulterError) {
    if (upload && error.code === 'LIMIT_FILE_SIZE') return upload.tooLarge();
    if (upload && error.code === 'LIMIT_FILE_COUNT') return new ApiError('BAD_REQUEST', 400, 'You may only upload one file at a time');
    if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return new ApiError('BAD_REQUEST', 400, 'This endpoint takes no files');
    return error;
  }
  if (error instanceof ApiError) return error;
  return new ApiError('BAD_REQUEST', 400, `Malformed multipart body: ${error instanceof Error ? error.message : String(error)}`);
}
