import { attachmentsProjection } from '@chat/projections/attachments/attachments-projection';
import { attachmentsFanout } from '@chat/projections/client-events/attachments-fanout';
import { attachmentJobsProjection } from '@chat/projections/scheduled-jobs/attachment-jobs';
import { deleteAttachmentEndpoint, getAttachments, temporaryUploadUrlEndpoint, uploadFileEndpoint, uploadLimits } from '../endpoints/attachments.js';
import { incomingSweep } from '../scheduler/incoming-sweep.js';
import { temporaryUploadPage, uploadDownloadPage } from '../uploads/serve-upload.js';
import { orphanedUploadJob, unclaimedUploadJob } from '../scheduler/upload-cleanup-jobs.js';
import { type Feature, page, route } from './feature.js';

const ATTACHMENT_STREAM = { stream: 'attachment-<attachment_id>', leavesOrganizationAlone: true } as const;

/** Uploaded files: their records, the messages linking them, and the clean-up of unclaimed and orphaned ones. */
export const uploadsFeature: Feature = {
  name: 'uploads',
  events: { AttachmentUploaded: ATTACHMENT_STREAM, AttachmentDeleted: ATTACHMENT_STREAM },
  projections: [attachmentsProjection, attachmentJobsProjection],
  fanouts: [attachmentsFanout],
  routes: [
    route('POST', '/user_uploads', 'required', 'user-upload', uploadFileEndpoint, { upload: uploadLimits }),
    route('GET', '/attachments', 'required', 'empty', getAttachments),
    route('GET', '/user_uploads/:realm_id_str/*filename', 'required', 'upload-temporary-url', temporaryUploadUrlEndpoint),
    // The temporary links before the authenticated downloads, which would otherwise ask them for credentials.
    page('/user_uploads/temporary/:token/:filename', 'none', 'upload-temporary-page', temporaryUploadPage),
    page('/user_uploads/*path', 'required', 'upload-download-page', uploadDownloadPage, { unmetered: true }),
    route('DELETE', '/attachments/:attachment_id', 'required', 'attachment-delete', deleteAttachmentEndpoint),
  ],
  clientEventTypes: ['attachment'],
  jobs: [unclaimedUploadJob, orphanedUploadJob],
  // What interrupted uploads and exports left in DATA_DIR/incoming.
  periodic: [incomingSweep],
};
