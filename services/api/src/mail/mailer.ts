export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/** Sends mail to people. The embedded adapter writes each message to a folder, as development servers do. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Lets go of connections; mail still waiting for a retry is kept (in the outbox). */
  close?(): Promise<void>;
  /**
   * Drops what it still keeps addressed to `address` (an erased person's: docs/topics/forgetting.md);
   * answers how many mails. A mailer that keeps nothing once sent has none.
   */
  forget?(address: string): Promise<number>;
}
