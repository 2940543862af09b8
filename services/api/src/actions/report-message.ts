import { checkReport, decideNotice, messageReportDraft, type ReportType, streams, type UserState } from '@chat/core';
import { REALM_KEY } from '@chat/projections';
import type { Origin } from '../commands/command-bus.js';
import { ChannelQuery } from '../queries/channel-query.js';
import { readableMessage } from '../queries/message-access.js';
import { channelContext } from './channel-context.js';
import { renderer } from './send-message.js';
import { notificationBot } from './system-bots.js';
import type { Allocates, Clocked, Commands, Configured, Reads, Uses } from '../dependencies.js';

export type ReportMessageDeps = Commands & Configured & Clocked & Allocates & Reads<'messages' | 'realm' | 'subscriptions' | 'users'> & Uses<'models' | 'organization'>;

/**
 * POST /messages/{message_id}/report: the notification bot posts the report to the organization's
 * moderation request channel, for its subscribers to review. The reporter must be able to read the
 * message; the report is rendered as the bot sees the organization.
 */
export async function reportMessage(ctx: ReportMessageDeps, origin: Origin, reporter: UserState, messageId: number, reportType: ReportType, description: string): Promise<void> {
  await ctx.bus.run(origin, async () => {
    const realm = await ctx.models.realm.get(REALM_KEY);
    if (!realm) throw new Error('the organization is missing');
    const moderationId = realm.settings.moderation_request_channel_id ?? -1;
    checkReport(reportType, description, moderationId);
    const { message } = await readableMessage(ctx, await ChannelQuery.open(ctx, reporter), messageId);
    const bot = await notificationBot(ctx);
    const world = await channelContext(ctx, bot.user_id, [], [moderationId]);
    const channel = world.channels.get(moderationId);
    if (!channel) throw new Error('the moderation request channel is missing');
    const person = (id: number) => {
      const user = world.users.get(id);
      if (!user) throw new Error(`user ${id} is missing`);
      return user;
    };
    const recipient = message.recipient;
    const draft = messageReportDraft({
      reporter,
      message,
      sender: person(message.sender_id),
      otherRecipients: recipient.type === 'direct' ? recipient.user_ids.filter((id) => id !== message.sender_id).map(person) : [],
      channel: { channel_id: channel.channel_id, name: channel.name, topics_policy: channel.topics_policy === 'inherit' ? realm.settings.topics_policy : channel.topics_policy },
      messageChannelName: recipient.type === 'channel' ? (world.channels.get(recipient.channel_id)?.name ?? null) : null,
      report_type: reportType,
      description,
      realmUrl: ctx.config.externalUrl.replace(/\/$/, ''),
    });
    const message_id = await ctx.ids.next('message');
    const render = await renderer(ctx, world);
    const sent = decideNotice(world, { message_id, bot, draft, subscribers: world.subscriptions.subscribers(moderationId), rendered: render(draft.content) });
    return { appends: [{ stream: streams.message(message_id), expected: 'no_stream', events: [sent] }], result: undefined };
  });
}
