import { createHmac } from 'node:crypto';

/**
 * The token in a channel's email address: an HMAC of the server secret over the channel (and the
 * sender the address posts as, when it is not the email gateway), so nothing secret is logged and
 * the same channel always has the same address.
 */
export class ChannelEmailTokens {
  constructor(private readonly secret: Buffer) {}

  tokenFor(channelId: number, senderId: number | null): string {
    const subject = senderId === null ? `channel-email:${channelId}` : `channel-email:${channelId}:sender:${senderId}`;
    return createHmac('sha256', this.secret).update(subject).digest('hex').slice(0, 32);
  }
}
