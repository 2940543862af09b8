import type { MessageBody } from './message-body.js';

/** The most recently used bodies, at most `size` of them (a Map keeps insertion order: the first is the oldest). */
export class BodyCache {
  private readonly bodies = new Map<number, MessageBody>();

  constructor(private readonly size: number) {}

  get(id: number): MessageBody | undefined {
    const body = this.bodies.get(id);
    if (body) {
      this.bodies.delete(id);
      this.bodies.set(id, body);
    }
    return body;
  }

  /** The body if cached, without counting it as used. */
  peek(id: number): MessageBody | undefined {
    return this.bodies.get(id);
  }

  set(id: number, body: MessageBody): void {
    this.bodies.delete(id);
    this.bodies.set(id, body);
    if (this.bodies.size > this.size) {
      const oldest = this.bodies.keys().next();
      if (!oldest.done) this.bodies.delete(oldest.value);
    }
  }

  delete(id: number): void {
    this.bodies.delete(id);
  }

  clear(): void {
    this.bodies.clear();
  }
}
