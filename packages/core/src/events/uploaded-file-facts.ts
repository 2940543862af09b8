/** What describes an uploaded file, as its upload recorded it. */
export interface UploadedFileFacts {
  owner_id: number;
  /** The file name as the uploader gave it. */
  name: string;
  /** `<realm>/<2 hex>/<24 random>/<safe file name>`; the file is served at /user_uploads/<path_id>. */
  path_id: string;
  size: number;
  content_type: string;
  /** Hex digest of the bytes, so an auditor can check storage against the log. */
  sha256: string;
}
