import { ApiError, badRequest } from '../errors.js';
import type {
  ScheduledMessageCreated,
  ScheduledMessageDraft,
  ScheduledMessageEdited,
  ScheduledMessageDeleted,
  ScheduledMessageFailed,
  ScheduledMessageSent,
} from '../events/scheduled-message-events.js';
import type { ScheduledMessageState } from './scheduled-message-state.js';

/** What the send rules are asked about: the message as it would be sent now. */
export type ScheduledSendRequest = Pick<ScheduledMessageDraft, 'type' | 'to' | 'topic' | 'content'>;

/**
 * The message as the send rules answered it (refusing as POST /messages would): the recipients
 * resolved, topic and content as they will be stored, and the text rendered.
 */
export type CheckedSend = Omit<ScheduledMessageDraft, 'deliver_at' | 'type'>;

const notFound = (): ApiError => new ApiError('BAD_REQUEST', 404, 'Scheduled message does not exist');

/** A delivery time must be strictly in the future. */
export function checkDeliveryTime(deliverAt: number, now: number): void {
  if (!Number.isFinite(deliverAt) || deliverAt <= now) throw badRequest("Invalid 'scheduled_delivery_timestamp': scheduled delivery time must be in the future.");
}

/** The caller's own message, not sent or deleted yet (someone else's is as unknown as a missing one). */
export function ownScheduledMessage(state: ScheduledMessageState | undefined, actorId: number): ScheduledMessageState {
  if (!state || state.sender_id !== actorId || state.status === 'sent' || state.status === 'deleted') throw notFound();
  return state;
}

export interface ScheduleMessage {
  scheduled_message_id: number;
  sender_id: number;
  type: ScheduledMessageDraft['type'];
  deliver_at: number;
  read_by_sender: boolean;
  now: number;
  checked: CheckedSend;
}

/** POST /scheduled_messages: a message the send rules accept now, due strictly later. */
export function decideScheduleMessage(cmd: ScheduleMessage): ScheduledMessageCreated[] {
  checkDeliveryTime(cmd.deliver_at, cmd.now);
  const { scheduled_message_id, sender_id, type, deliver_at, read_by_sender } = cmd;
  return [{ type: 'ScheduledMessageCreated', data: { scheduled_message_id, sender_id, type, ...cmd.checked, deliver_at, read_by_sender } }];
}

export interface EditScheduledMessage extends Partial<ScheduledSendRequest> {
  actor_id: number;
  deliver_at?: number;
  now: number;
}

/**
 * PATCH /scheduled_messages/{id}, first half: what the message would be after the change, for the
 * send rules to check. Changing the type needs the recipients (and a topic, to a channel); a failed
 * message needs a new time.
 */
export function editedScheduledMessage(state: ScheduledMessageState | undefined, cmd: EditScheduledMessage): ScheduledSendRequest {
  const current = ownScheduledMessage(state, cmd.actor_id);
  if (cmd.type === undefined && cmd.to === undefined && cmd.topic === undefined && cmd.content === undefined && cmd.deliver_at === undefined) {
    throw badRequest('Nothing to change');
  }
  if (cmd.type !== undefined && cmd.type !== current.type) {
    if (cmd.to === undefined) throw badRequest("Missing 'to': recipients are required when changing the type of a scheduled message.");
    if (cmd.type === 'channel' && cmd.topic === undefined) throw badRequest("Missing 'topic': a topic is required when changing a scheduled message to a channel message.");
  }
  if (cmd.deliver_at !== undefined) checkDeliveryTime(cmd.deliver_at, cmd.now);
  else if (current.status === 'failed') throw badRequest("Missing 'scheduled_delivery_timestamp': a scheduled message that failed needs a new delivery time.");
  const type = cmd.type ?? current.type;
  const topic = type === 'channel' ? (cmd.topic ?? current.topic ?? '') : null;
  return { type, to: cmd.to ?? current.to, topic, content: cmd.content ?? current.content };
}

/** Second half: the edit as checked. */
export function decideEditScheduledMessage(state: ScheduledMessageState | undefined, cmd: EditScheduledMessage, checked: CheckedSend): ScheduledMessageEdited[] {
  const request = editedScheduledMessage(state, cmd);
  const { scheduled_message_id, sender_id, deliver_at } = ownScheduledMessage(state, cmd.actor_id);
  return [{ type: 'ScheduledMessageEdited', data: { scheduled_message_id, sender_id, type: request.type, ...checked, deliver_at: cmd.deliver_at ?? deliver_at } }];
}

/** DELETE /scheduled_messages/{id} */
export function decideDeleteScheduledMessage(state: ScheduledMessageState | undefined, actorId: number): ScheduledMessageDeleted[] {
  const { scheduled_message_id, sender_id } = ownScheduledMessage(state, actorId);
  return [{ type: 'ScheduledMessageDeleted', data: { scheduled_message_id, sender_id } }];
}

/** How late a scheduled message may still go out (the public server's ten minutes); later, it fails. */
export const SCHEDULED_MESSAGE_LATE_CUTOFF_MS = 10 * 60_000;

/**
 * A due message is sent as its sender would send it now (`send` answers the new message's id, or
 * throws the send's refusal). A refusal, a deactivated sender, or a time more than ten minutes past
 * (the server was down) records the failure instead. A message sent, failed, deleted or rescheduled
 * meanwhile gives nothing.
 */
export function decideDeliverScheduledMessage(
  state: ScheduledMessageState | undefined,
  cmd: { now: number; senderActive: boolean; send: () => number },
): (ScheduledMessageSent | ScheduledMessageFailed)[] {
  if (!state || state.status !== 'scheduled' || state.deliver_at > cmd.now) return [];
  const { scheduled_message_id, sender_id } = state;
  const failed = (reason: string): ScheduledMessageFailed[] => [{ type: 'ScheduledMessageFailed', data: { scheduled_message_id, sender_id, reason } }];
  if (!cmd.senderActive) return failed('The sender is deactivated.');
  if (cmd.now > state.deliver_at + SCHEDULED_MESSAGE_LATE_CUTOFF_MS) return failed('Message could not be sent at the scheduled time.');
  try {
    return [{ type: 'ScheduledMessageSent', data: { scheduled_message_id, sender_id, message_id: cmd.send() } }];
  } catch (error) {
    if (error instanceof ApiError) return failed(error.message);
    throw error;
  }
}
