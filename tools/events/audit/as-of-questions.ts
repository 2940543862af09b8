import { asOfParameter, channelReadersAnswer, integerParameter, OrganizationHistory, organizationAnswer, organizationAsOf, type RawParameters } from '@chat/projections/history/index';
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

/** `audit organization` and `audit readers`: the same answers as GET /audit/organization and /audit/channels/{id}/readers. */
export async function answerAsOf(question: 'organization' | 'readers', raw: RawParameters, history: LogHistory): Promise<AsOfOutcome & { text?: string }> {
  const asOf = asOfParameter(raw);
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
