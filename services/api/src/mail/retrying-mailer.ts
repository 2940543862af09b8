import type { Logger } from 'pino';
import type { Mail, Mailer } from './mailer.js';

/** Waits before each retry of a failed send: 2 s, 30 s, 5 min. */
export const RETRY_DELAYS_MS = [2_000, 30_000, 300_000];

/**
 * A mailer whose failed sends are retried in the background (the request that sent the mail does
 * not wait for them) and logged; a mail that fails every retry, or is still waiting when the server
 * stops, goes to `undelivered` (the file outbox), so nothing is lost silently.
 */
export class RetryingMailer implements Mailer {
  private readonly waiting = new Map<NodeJS.Timeout, Mail>();

  constructor(
    private readonly transport: Mailer,
    private readonly undelivered: Mailer,
    private readonly log: Logger,
    private readonly delaysMs: readonly number[] = RETRY_DELAYS_MS,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.attempt(mail, 0);
  }

  /** Mail to an erased person: no longer retried, and removed from the outbox. */
  async forget(address: string): Promise<number> {
    let dropped = 0;
    for (const [timer, mail] of [...this.waiting.entries()]) {
      if (mail.to.toLowerCase() !== address.toLowerCase()) continue;
      clearTimeout(timer);
      this.waiting.delete(timer);
      dropped++;
    }
    return dropped + ((await this.undelivered.forget?.(address)) ?? 0);
  }

  /** Stops retrying: what still waits goes to the outbox. */
  async close(): Promise<void> {
    const left = [...this.waiting.entries()];
    this.waiting.clear();
    for (const [timer, mail] of left) {
      clearTimeout(timer);
      await this.giveUp(mail, 'server stopping');
    }
    await this.transport.close?.();
  }

  private async attempt(mail: Mail, failures: number): Promise<void> {
    try {
      await this.transport.send(mail);
      if (failures > 0) this.log.info({ to: mail.to, subject: mail.subject, attempts: failures + 1 }, 'mail sent after retrying');
    } catch (error) {
      const delay = this.delaysMs[failures];
      if (delay === undefined) return this.giveUp(mail, error);
      this.log.warn({ err: error, to: mail.to, subject: mail.subject, retryInMs: delay }, 'mail send failed; will retry');
      const timer = setTimeout(() => {
        this.waiting.delete(timer);
        void this.attempt(mail, failures + 1);
      }, delay);
      this.waiting.set(timer, mail);
    }
  }

  private async giveUp(mail: Mail, reason: unknown): Promise<void> {
    try {
      await this.undelivered.send(mail);
      this.log.error({ err: reason, to: mail.to, subject: mail.subject }, 'mail not delivered; kept in the outbox');
    } catch (error) {
      // Not its body: it may carry an invitation key or a confirmation token. The sender asks again.
      this.log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail not delivered and not kept; ask for it again (resend the invitation, repeat the change)');
    }
  }
}
