import { attachmentRecord } from '@chat/core';
import { REALM_KEY } from '../read-models.js';
import { fanoutOf } from './fanout.js';

/**
 * `attachment` events to the owner's queues: `add` on upload, `update` for each file whose linking
 * messages the event changed, `remove` on deletion; each with the organization's upload space in use.
 */
export const attachmentsFanout = fanoutOf(
  'attachments',
  ['AttachmentUploaded', 'AttachmentDeleted', 'MessageSent', 'MessageContentEdited', 'MessagesMoved', 'MessagesDeleted'],
  async (event, models) => {
    const used = async (): Promise<number> => (await models.uploadUsage.get(REALM_KEY))?.bytes ?? 0;
    if (event.type === 'AttachmentDeleted') {
      const { attachment_id: id, owner_id } = event.data;
      return [{ userIds: [owner_id], event: { type: 'attachment', op: 'remove', attachment: { id }, upload_space_used: await used() } }];
    }
    const changed = await models.attachments.findMany('changed_at', event.position);
    if (changed.length === 0) return [];
    const upload_space_used = await used();
    const op = event.type === 'AttachmentUploaded' ? 'add' : 'update';
    return changed
      .sort((a, b) => a.id - b.id)
      .map((a) => ({ userIds: [a.owner_id], event: { type: 'attachment', op, attachment: attachmentRecord(a), upload_space_used } }));
  },
);
