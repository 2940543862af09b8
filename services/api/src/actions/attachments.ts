import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import {
  type AttachmentRecord,
  attachmentRecord,
  type AttachmentState,
  decideDeleteAttachment,
  decideExpireAttachment,
  decideUploadFile,
  streams,
  uploadPathId,
} from '@chat/core';
import type { ExpectedRevision } from '@chat/eventstore';
import { REALM_KEY } from '@chat/projections';
import type { Origin } from '../commands/command-bus.js';
import { streamHistory } from '../commands/stream-history.js';
import type { Allocates, Commands, Configured, LogReads, Reads, Uses } from '../dependencies.js';

/** What uploadFile uses. */
type UploadFileDeps = Commands & Configured & Allocates & Uses<'uploads'>;
/** What attachmentFromLog uses. */
type AttachmentFromLogDeps = LogReads & Reads<'attachments'>;
/** What deleteWith uses. */
type DeleteWithDeps = Commands & LogReads & Reads<'attachments'> & Uses<'uploads'>;

/** A file as the HTTP layer received it: written to a temporary file, which storing moves away. */
export interface ReceivedFile {
  name: string;
  contentType: string;
  size: number;
  path: string;
}

export interface UploadResult {
  url: string;
  uri: string;
  filename: string;
}

/** The name as the uploader's system had it, without any directory part. */
const baseName = (name: string): string => (name.split(/[\\/]/).pop() ?? '').trim();

/**
 * POST /user_uploads: stores the bytes first, then records the upload; a failed append leaves only
 * unreferenced bytes behind, never an attachment without its file.
 */
export async function uploadFile(ctx: UploadFileDeps, origin: Origin, ownerId: number, file: ReceivedFile): Promise<UploadResult> {
  const attachment_id = await ctx.ids.next('attachment');
  const name = baseName(file.name);
  const path_id = uploadPathId(randomBytes(1).toString('hex'), randomBytes(18).toString('base64url'), name);
  const uploaded = decideUploadFile({
    attachment_id,
    owner_id: ownerId,
    name,
    path_id,
    size: file.size,
    content_type: file.contentType || 'application/octet-stream',
    sha256: await sha256Of(file.path),
    maxMib: ctx.config.maxUploadMib,
  });
  await ctx.uploads.put(path_id, file.path);
  await ctx.bus.run(origin, async () => ({
    appends: [{ stream: streams.attachment(attachment_id), expected: 'no_stream', events: [uploaded] }],
    result: undefined,
  }));
  const url = `/user_uploads/${path_id}`;
  return { url, uri: url, filename: uploaded.data.name };
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** The upload space in use by the whole organization, in bytes. */
export async function uploadSpaceUsed(ctx: Reads<'uploadUsage'>): Promise<number> {
  return (await ctx.models.uploadUsage.get(REALM_KEY))?.bytes ?? 0;
}

/** GET /attachments: the user's files, oldest first. */
export async function listAttachments(ctx: Reads<'attachments' | 'uploadUsage'>, userId: number): Promise<{ attachments: AttachmentRecord[]; upload_space_used: number }> {
  const own = (await ctx.models.attachments.findMany('owner_id', userId)).sort((a, b) => a.id - b.id);
  return { attachments: own.map(attachmentRecord), upload_space_used: await uploadSpaceUsed(ctx) };
}

/**
 * The attachment unless its own stream records its deletion, with the revision read: the read model
 * (which holds the links) may lag the log, in another process or under a racing request, and a
 * deletion decided from it alone would be recorded twice.
 */
async function attachmentFromLog(ctx: AttachmentFromLogDeps, attachmentId: number): Promise<{ attachment: AttachmentState | undefined; expected: ExpectedRevision }> {
  const { events, expected } = await streamHistory(ctx.store, streams.attachment(attachmentId), ['AttachmentDeleted']);
  return { attachment: events.length > 0 ? undefined : await ctx.models.attachments.get(attachmentId), expected };
}

/** Appends the deletion decided from the attachment as it stands, then removes the bytes. */
async function deleteWith(ctx: DeleteWithDeps, origin: Origin, attachmentId: number, decide: (a: AttachmentState | undefined) => ReturnType<typeof decideExpireAttachment>): Promise<boolean> {
  const stream = streams.attachment(attachmentId);
  const gone = await ctx.bus.run(origin, async () => {
    const { attachment, expected } = await attachmentFromLog(ctx, attachmentId);
    const events = decide(attachment);
    return { appends: [{ stream, expected, events }], result: events[0]?.data.path_id ?? null };
  });
  if (gone !== null) await ctx.uploads.delete(gone);
  return gone !== null;
}

/** DELETE /attachments/{attachment_id}: the owner deletes one of their files. */
export async function deleteAttachment(ctx: DeleteWithDeps, origin: Origin, actorId: number, attachmentId: number): Promise<void> {
  await deleteWith(ctx, origin, attachmentId, (a) => [decideDeleteAttachment(a, actorId)]);
}

/** The scheduled clean-up of a file no message links; answers whether it deleted anything. */
export function expireAttachment(ctx: DeleteWithDeps, origin: Origin, attachmentId: number, reason: 'unclaimed' | 'orphaned'): Promise<boolean> {
  return deleteWith(ctx, origin, attachmentId, (a) => decideExpireAttachment(a, reason));
}
