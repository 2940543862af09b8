import type { Response } from './http-client.js';

/** Counts the requests of a load task that failed (an answer other than 200, or none) and keeps the first failure's words. */
export class FailureTally {
  failed = 0;
  firstFailure: string | null = null;

  /** Waits for `pending`; `ok` runs for a 200, anything else is counted. */
  async track(pending: Promise<Response>, ok: (res: Response) => void): Promise<void> {
    let res: Response;
    try {
      res = await pending;
    } catch (error) {
      this.note(String(error));
      return;
    }
    if (res.status === 200) ok(res);
    else this.note(`${res.status} ${res.body.slice(0, 200)}`);
  }

  private note(failure: string): void {
    this.failed++;
    this.firstFailure ??= failure;
  }
}
