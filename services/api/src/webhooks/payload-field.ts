import { badRequest } from '@chat/core';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A value somewhere in a service's untrusted JSON payload, with the path that names it in errors:
 * reading a missing key or a value of the wrong type is a 400 naming the path (`payload["sender"]["login"]
 * is not a string`), never a crash, so integrations read payloads as if they were well formed.
 */
export class PayloadField {
  constructor(
    readonly value: unknown,
    readonly path = 'payload',
  ) {}

  /** The value under `key`; a 400 when it is absent. */
  get(key: string | number): PayloadField {
    const child = this.childValue(key);
    if (child === undefined) throw badRequest(`${this.pathTo(key)} is missing`);
    return new PayloadField(child, this.pathTo(key));
  }

  /** The value under `key` when it is present and not null (as Python's truthy `.get()` checks are read). */
  opt(key: string | number): PayloadField | undefined {
    const child = this.childValue(key);
    return child === undefined || child === null ? undefined : new PayloadField(child, this.pathTo(key));
  }

  has(key: string): boolean {
    return isObject(this.value) && key in this.value;
  }

  /** Python's truthiness: not null, false, 0, "", [] or {}. */
  get truthy(): boolean {
    const v = this.value;
    if (Array.isArray(v)) return v.length > 0;
    if (isObject(v)) return Object.keys(v).length > 0;
    return Boolean(v);
  }

  str(): string {
    if (typeof this.value !== 'string') throw badRequest(`${this.path} is not a string`);
    return this.value;
  }

  /** A string among `allowed` (Zulip's check_string_in). */
  oneOf(allowed: readonly string[]): string {
    const value = this.str();
    if (!allowed.includes(value)) throw badRequest(`Invalid ${this.path}`);
    return value;
  }

  /** A string that is an absolute URL. */
  url(): string {
    const value = this.str();
    if (!URL.canParse(value)) throw badRequest(`${this.path} is not a URL`);
    return value;
  }

  strOrNull(): string | null {
    return this.value === null ? null : this.str();
  }

  int(): number {
    if (typeof this.value !== 'number' || !Number.isInteger(this.value)) throw badRequest(`${this.path} is not an integer`);
    return this.value;
  }

  bool(): boolean {
    if (typeof this.value !== 'boolean') throw badRequest(`${this.path} is not a boolean`);
    return this.value;
  }

  list(): PayloadField[] {
    if (!Array.isArray(this.value)) throw badRequest(`${this.path} is not a list`);
    return this.value.map((item, index) => new PayloadField(item, `${this.path}[${index}]`));
  }

  keys(): string[] {
    if (!isObject(this.value)) throw badRequest(`${this.path} is not a dict`);
    return Object.keys(this.value);
  }

  private childValue(key: string | number): unknown {
    if (typeof key === 'number') return Array.isArray(this.value) ? this.value[key] : undefined;
    if (!isObject(this.value)) throw badRequest(`${this.path} is not a dict`);
    return Object.hasOwn(this.value, key) ? this.value[key] : undefined;
  }

  private pathTo(key: string | number): string {
    return typeof key === 'number' ? `${this.path}[${key}]` : `${this.path}["${key}"]`;
  }
}
