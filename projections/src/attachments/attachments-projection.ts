import { type AttachmentMessage, type AttachmentState, type StoredEventOf, uploadPathsIn } from '@chat/core';
import { mayLinkUploads } from './may-link-uploads.js';
import { type Projection, projectionOf } from '../projection.js';
import { REALM_KEY, type ReadModels } from '../read-models.js';

/** A message's links as the projection applies them: who sent it, when, and its rendered content. */
interface LinkingMessage {
  id: number;
  sender_id: number;
  date_sent: number;
  html: string;
}

const byId = (a: AttachmentMessage, b: AttachmentMessage): number => a.id - b.id;

/**
 * Uploaded files and the messages linking them. A message links a file when its rendered content has a
 * `/user_uploads/<path_id>` anchor and its sender owns the file; sends and content edits add and drop
 * links, deletions drop them. Every attachment an event changes is written once, with `changed_at` =
 * the event's position, so fan-out and the clean-up jobs find exactly what changed.
 */
export function attachmentsProjection(models: ReadModels): Projection {
  const usage = async (delta: number, position: number): Promise<void> => {
    const bytes = ((await models.uploadUsage.get(REALM_KEY))?.bytes ?? 0) + delta;
    await models.uploadUsage.put(REALM_KEY, { bytes }, position);
  };

  /** Makes the message's links those of its current content. */
  const relink = async (message: LinkingMessage, position: number): Promise<void> => {
    const owned = new Map<number, AttachmentState>();
    for (const path of uploadPathsIn(message.html)) {
      const found = await models.attachments.findOne('path_id', path);
      if (found && found.owner_id === message.sender_id) owned.set(found.id, found);
    }
    const before = new Set((await models.attachmentLinks.get(message.id))?.attachment_ids ?? []);
    for (const [id, attachment] of owned) {
      if (before.has(id)) continue;
      const messages = [...attachment.messages, { id: message.id, date_sent: message.date_sent }].sort(byId);
      await models.attachments.put(id, { ...attachment, messages, changed_at: position }, position);
    }
    for (const id of before) if (!owned.has(id)) await unlink(id, new Set([message.id]), position);
    const attachment_ids = [...owned.keys()].sort((a, b) => a - b);
    if (attachment_ids.length > 0) await models.attachmentLinks.put(message.id, { message_id: message.id, attachment_ids }, position);
    else if (before.size > 0) await models.attachmentLinks.delete(message.id, position);
  };

  const unlink = async (attachmentId: number, messageIds: ReadonlySet<number>, position: number): Promise<void> => {
    const attachment = await models.attachments.get(attachmentId);
    if (!attachment) return;
    const messages = attachment.messages.filter((m) => !messageIds.has(m.id));
    await models.attachments.put(attachmentId, { ...attachment, messages, changed_at: position }, position);
  };

  /** Relinks an edited message from its new HTML; the sender and send time come from the messages model. */
  const edited = async (messageId: number, html: string, position: number): Promise<void> => {
    const message = await models.messages.get(messageId);
    if (message) await relink({ id: messageId, sender_id: message.sender_id, date_sent: message.date_sent, html }, position);
  };

  const types = ['AttachmentDeleted', 'AttachmentUploaded', 'MessageContentEdited', 'MessageSent', 'MessagesDeleted', 'MessagesMoved'] as const;
  const apply = async (event: StoredEventOf<(typeof types)[number]>): Promise<void> => {
    const position = event.position;
    switch (event.type) {
      case 'AttachmentUploaded': {
        const d = event.data;
        const attachment: AttachmentState = { id: d.attachment_id, owner_id: d.owner_id, name: d.name, path_id: d.path_id, size: d.size, content_type: d.content_type, sha256: d.sha256, create_time: event.metadata.occurred_at, messages: [], changed_at: position };
        await models.attachments.put(d.attachment_id, attachment, position);
        return usage(d.size, position);
      }
      case 'AttachmentDeleted': {
        const attachment = await models.attachments.get(event.data.attachment_id);
        if (!attachment) return;
        for (const { id } of attachment.messages) {
          const links = await models.attachmentLinks.get(id);
          const rest = (links?.attachment_ids ?? []).filter((a) => a !== attachment.id);
          if (rest.length > 0) await models.attachmentLinks.put(id, { message_id: id, attachment_ids: rest }, position);
          else if (links) await models.attachmentLinks.delete(id, position);
        }
        await models.attachments.delete(attachment.id, position);
        return usage(-attachment.size, position);
      }
      case 'MessageSent': {
        const d = event.data;
        return relink({ id: d.message_id, sender_id: d.sender_id, date_sent: event.metadata.occurred_at, html: d.rendered_content }, position);
      }
      case 'MessageContentEdited':
        return edited(event.data.message_id, event.data.rendered_content, position);
      case 'MessagesMoved':
        if (event.data.content_edit) await edited(event.data.message_id, event.data.content_edit.rendered_content, position);
        return;
      case 'MessagesDeleted': {
        const gone = new Set(event.data.message_ids);
        // The files the deletion names (a replay may not have found the links in the forgotten text),
        // else, for a deletion written before they were named, the links the model holds.
        const touched = new Set<number>(event.data.attachment_ids ?? []);
        for (const id of event.data.message_ids) {
          const links = await models.attachmentLinks.get(id);
          if (!links) continue;
          if (event.data.attachment_ids === null) for (const attachmentId of links.attachment_ids) touched.add(attachmentId);
          await models.attachmentLinks.delete(id, position);
        }
        for (const attachmentId of touched) await unlink(attachmentId, gone, position);
        return;
      }
      default:
        return;
    }
  };

  // A new message has no links yet; one that names no upload (nearly every one) has none to make either.
  return projectionOf('attachments', types, (event, facts) =>
    event.type === 'MessageSent'
      ? mayLinkUploads(models, event).then((may) => {
          if (facts) facts.mayLinkUploads = may;
          return may ? apply(event) : undefined;
        })
      : apply(event),
  );
}
