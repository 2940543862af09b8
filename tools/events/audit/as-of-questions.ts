import { asOfParameter, channelReadersAnswer, integerParameter, messageAnswer, messagePositionOf, OrganizationHistory, organizationAnswer, organizationAsOf, type RawParameters, userPermissionsAnswer } from '@chat/projections/history/index';
import type { LogHistory } from './log-history-source.js';

/** What a point-in-time question prints: its answer (as the endpoint gives it), or a refusal of a parameter. */
export type AsOfOutcome = { answer: Record<string, unknown> } | { refused: string };

type Answer = ReturnType<typeof channelReadersAnswer>;

function readerLines(answer: NonNullable<Answer>): string {
  const { channel } = answer;
  const privacy = channel.invite_only ? 'private' : channel.is_web_public ? 'web-public' : 'public';
  const history = channel.history_public_to_subscribers ? 'history shared with subscribers' : 'history not shared';
  const head = `#${channel.name} (${channel.stream_id}) as of position ${answer.position}: ${privacy}, ${history}${channel.is_archived ? ', archived' : ''}`;
  const lines = answer.readers.map((reader) => `  user ${reader.user_id} (role ${reader.role})${reader.subscribed ? ' subscribed' : ''}${reader.reads_history ? ', reads its history' : ''}`);
  return `${[head, ...lines].join('\n')}\n`;
}

export type AsOfQuestion = 'organization' | 'readers' | 'message' | 'permissions';

/** A message's own events and the moves and deletions that named it, from the scan. */
async function messageEvents(history: LogHistory, messageId: number) {
  const own = history.messageEvents(messageId);
  const positions = new Set(own.map((event) => event.position));
  const naming = (await history.entries()).filter((entry) => entry.message_ids?.includes(messageId) === true && !positions.has(entry.position));
  return [...own, ...(await history.read(naming.map((entry) => entry.position)))];
}

/** `audit message`: as GET /audit/messages/{id}. */
async function answerMessage(raw: RawParameters, history: LogHistory): Promise<AsOfOutcome & { text?: string }> {
  const messageId = integerParameter(raw, 'message_id', 1);
  if (messageId === undefined) return { refused: 'message_id' };
  const events = await messageEvents(history, messageId);
  const answer = messageAnswer(events, messageId, messagePositionOf(events, asOfParameter(raw)));
  if (answer === null) return { refused: 'message_id' };
  const where = answer.place.type === 'stream' ? `channel ${answer.place.stream_id} > ${answer.place.topic}` : `direct to ${answer.place.user_ids.join(', ')}`;
  const head = `message ${messageId} as of position ${answer.position}: ${answer.state}, from user ${answer.sender_id}, ${where}, sent ${answer.sent_at}, ${answer.edits} edits`;
  return { answer: { ...answer }, text: `${head}\n${answer.content === null ? '' : `${answer.content}\n`}` };
}

/** `audit organization`, `audit readers` and `audit message`: the same answers as their GET /audit/… endpoints. */
export async function answerAsOf(question: AsOfQuestion, raw: RawParameters, history: LogHistory): Promise<AsOfOutcome & { text?: string }> {
  if (question === 'message') return answerMessage(raw, history);
  const asOf = asOfParameter(raw);
  if (question === 'permissions') {
    const userId = integerParameter(raw, 'user_id', 1);
    const answer = userId === undefined ? null : userPermissionsAnswer(await organizationAsOf(new OrganizationHistory(history), asOf), userId);
    return answer === null ? { refused: 'user_id' } : { answer, text: `${JSON.stringify(answer, null, 2)}\n` };
  }
  const channelId = question === 'readers' ? integerParameter(raw, 'stream_id', 1) : undefined;
  if (question === 'readers' && channelId === undefined) return { refused: 'stream_id' };
  const org = await organizationAsOf(new OrganizationHistory(history), asOf);
  if (question === 'organization') {
    const answer = organizationAnswer(org);
    return { answer, text: `${JSON.stringify(answer, null, 2)}\n` };
  }
  const answer = channelReadersAnswer(org, channelId as number);
  if (answer === null) return { refused: 'stream_id' };
  return { answer, text: readerLines(answer) };
}
