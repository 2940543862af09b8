// Generated from schemas/api/*.json by `npm run types:requests` (tools/request-types): do not edit.

export interface UploadDownloadPageRequest {
path: string[]
}
export interface UploadTemporaryPageRequest {
token: string
filename: string
}
export interface UploadTemporaryUrlRequest {
realm_id_str: number
/**
 * @minItems 1
 */
filename: [string, ...(string)[]]
}

export interface UploadRequestTypes {
  'upload-download-page': UploadDownloadPageRequest;
  'upload-temporary-page': UploadTemporaryPageRequest;
  'upload-temporary-url': UploadTemporaryUrlRequest;
}

export interface UploadRequestPathNames {
  'upload-download-page': 'path';
  'upload-temporary-page': 'token' | 'filename';
  'upload-temporary-url': 'realm_id_str' | 'filename';
}
