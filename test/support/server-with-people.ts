import { Role, type RoleValue } from '@chat/core';
import type { ApiClient } from './api-client.js';
import { startTestServer, type TestServer } from './test-server.js';

interface Someone {
  name: string;
  /** Left out for a plain member. */
  role?: RoleValue;
}

/** The people suites act as, besides the owner every test server has. */
const PEOPLE = {
  admin: { name: 'Ada Admin', role: Role.Administrator },
  moderator: { name: 'Mo Moderator', role: Role.Moderator },
  member: { name: 'Mia Member' },
  other: { name: 'Otto Other' },
  subscriber: { name: 'Sam Subscriber' },
  outsider: { name: 'Nora Outsider' },
  keeper: { name: 'Kim Keeper' },
  guest: { name: 'Gus Guest', role: Role.Guest },
  watcher: { name: 'Walt Watcher', role: Role.Guest },
  alice: { name: 'Alice' },
  bob: { name: 'Bob' },
  carol: { name: 'Carol' },
} as const satisfies Record<string, Someone>;

export type Person = keyof typeof PEOPLE;

/** A logged-in client per person named. */
export type People<K extends Person> = { [P in K]: ApiClient };

/** Creates the people named, in the order named (so their user ids follow it), and logs each in. */
export async function signUp<K extends Person>(server: TestServer, ...people: K[]): Promise<People<K>> {
  const clients = new Map<K, ApiClient>();
  for (const person of people) {
    const { name, role }: Someone = PEOPLE[person];
    clients.set(person, await server.createUser(name, role));
  }
  return Object.fromEntries(clients) as People<K>;
}

/** A fresh test server with the people named signed up, for a suite's `before`. */
export async function startServerWith<K extends Person>(...people: K[]): Promise<{ server: TestServer } & People<K>> {
  const server = await startTestServer();
  return { server, ...(await signUp(server, ...people)) };
}
