import type { ServerResponse } from 'node:http';
import { JsonText, sendJson } from './envelope.js';
import { TimeSlicer } from './time-slices.js';

/** Pieces at least this long are written as they are, not joined with their neighbours. */
const LARGE_PIECE = 64 * 1024;

/** Containers smaller than this are serialized in one JSON.stringify (below the first two levels). */
const SMALL = 64;

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
};

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const omitted = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * Collects the serialized pieces of one body; the pieces of each slice are joined into one chunk
 * when the slice ends, so what is written is a few large strings, not thousands of small ones.
 */
class Chunks {
  readonly chunks: (string | Uint8Array)[] = [];
  private pieces: string[] = [];

  constructor(private readonly slicer: TimeSlicer) {}

  push(piece: string | Uint8Array): void {
    if (typeof piece === 'string' && piece.length < LARGE_PIECE) this.pieces.push(piece);
    else {
      // A large text (a pre-serialized list) or bytes are a chunk of their own: never copied into a join.
      this.seal();
      this.chunks.push(piece);
    }
  }

  /** Ends the slice if its time is up: the pieces so far become a chunk and the loop runs others. */
  async pause(): Promise<void> {
    if (!this.slicer.due()) return;
    this.seal();
    await this.slicer.yieldNow();
  }

  seal(): void {
    if (this.pieces.length > 0) this.chunks.push(this.pieces.join(''));
    this.pieces = [];
  }
}

/** Whether an object has at least SMALL own enumerable members, counted no further than that. */
function isLarge(value: Record<string, unknown>): boolean {
  let members = 0;
  for (const name in value) if (Object.hasOwn(value, name) && ++members >= SMALL) return true;
  return false;
}

/** Whether a value is serialized member by member (with pauses) rather than in one call. */
function descends(value: unknown, depth: number): value is readonly unknown[] | Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return depth < 2 || value.length >= SMALL;
  return isPlainObject(value) && (depth < 2 || isLarge(value));
}

async function write(value: unknown, depth: number, out: Chunks): Promise<void> {
  if (!descends(value, depth)) {
    out.push(JSON.stringify(value) ?? 'null');
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(',');
      const item: unknown = value[i];
      if (omitted(item)) out.push('null');
      else await write(item, depth + 1, out);
      await out.pause();
    }
    out.push(']');
    return;
  }
  out.push('{');
  let first = true;
  for (const [name, field] of Object.entries(value)) {
    if (omitted(field)) continue;
    out.push(first ? `${JSON.stringify(name)}:` : `,${JSON.stringify(name)}:`);
    first = false;
    // A body's pre-serialized fields are spliced in as serializeBody does (top level only).
    if (depth === 0 && field instanceof JsonText) for (const part of field.parts) out.push(part);
    else await write(field, depth + 1, out);
    await out.pause();
  }
  out.push('}');
}

/**
 * The text serializeBody(body) gives, produced in slices that yield to the event loop between them:
 * returned as chunks whose concatenation is exactly that text. Large arrays and objects are walked
 * member by member; each member (a message, a user) is one JSON.stringify.
 */
export async function serializeBodyInSlices(body: unknown, slicer = new TimeSlicer()): Promise<(string | Uint8Array)[]> {
  const out = new Chunks(slicer);
  await write(body, 0, out);
  out.seal();
  return out.chunks;
}

/** Resolves once `res` may take more (its buffer drained) or is gone; false when it is gone. */
export async function roomIn(res: ServerResponse): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.writableNeedDrain) return true;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  return !res.destroyed;
}

/** Below this many values and characters an answer is serialized in one call: slicing it would cost more than it saves. */
const SMALL_ANSWER = { values: 2_000, chars: 256 * 1024 };
/** The most characters a number and its comma take in an answer (an id, a time in milliseconds). */
const NUMBER_CHARS = 16;

/** Whether `body` is small enough for one JSON.stringify; stops counting as soon as it is not. */
export function isSmallAnswer(body: unknown): boolean {
  let values = 0;
  let chars = 0;
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (++values > SMALL_ANSWER.values) return false;
    if (typeof value === 'string') chars += value.length;
    else if (value instanceof JsonText) {
      // Bytes are written as they are by the sliced writer; one JSON.stringify would decode and join them.
      if (value.parts.some((part) => typeof part !== 'string')) return false;
      chars += value.length;
    }
    else if (Array.isArray(value)) {
      // A list of numbers (10,000 message ids marked read) is one quick JSON.stringify: counted by its
      // text, at most NUMBER_CHARS a number, not as that many values.
      if (value.every((each) => typeof each === 'number')) chars += value.length * NUMBER_CHARS;
      else if (value.length > SMALL_ANSWER.values) return false;
      else stack.push(...value);
    }
    else if (typeof value === 'object' && value !== null) {
      for (const name in value) stack.push((value as Record<string, unknown>)[name]);
    }
    if (chars > SMALL_ANSWER.chars) return false;
  }
  return true;
}

/**
 * sendJson for answers of any size: a small one (see isSmallAnswer) is written at once; the body is serialized in slices (see serializeBodyInSlices),
 * then written chunk by chunk as the client takes them (back-pressure), with the same headers,
 * Content-Length included, and the same bytes as sendJson. A client that goes away stops the writing.
 */
export async function sendJsonInSlices(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}, slicer = new TimeSlicer()): Promise<void> {
  if (isSmallAnswer(body)) {
    sendJson(res, status, body, headers);
    return;
  }
  const chunks = await serializeBodyInSlices(body, slicer);
  let length = 0;
  for (const chunk of chunks) length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': length, ...headers });
  if (chunks.length === 1) {
    res.end(chunks[0]);
    return;
  }
  for (const chunk of chunks) {
    if (!(await roomIn(res))) return;
    res.write(chunk);
    // A write the socket takes at once runs its system call here: the next one waits for the next slice.
    await slicer.pause();
  }
  res.end();
}
