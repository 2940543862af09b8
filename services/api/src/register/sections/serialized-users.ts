import { isSystemBot, type UserState } from '@chat/core';
import { userView, type UserViewOptions } from '@chat/wire';

/** One JSON array of user records as UTF-8 bytes, with where each record starts and ends in them. */
interface SerializedList {
  bytes: Buffer;
  spans: Map<number, { start: number; end: number }>;
}

/**
 * Every user record of the organization serialized as one viewer sees it. Records differ between
 * viewers only by the role-based visibility of real addresses and by each viewer's own record, so a
 * list serialized for one viewer serves every viewer of the same role once two records are redone.
 * The lists are kept as bytes, ready to be written: another viewer's copy is views of the bytes
 * around those two records, never ten thousand records joined, encoded or measured again.
 */
export interface SerializedUsers {
  viewerId: number;
  active: SerializedList;
  inactive: SerializedList;
}

function joined(records: readonly { id: number; json: string }[]): SerializedList {
  const spans = new Map<number, { start: number; end: number }>();
  let at = 1;
  for (const { id, json } of records) {
    const length = Buffer.byteLength(json);
    spans.set(id, { start: at, end: at + length });
    at += length + 1;
  }
  return { bytes: Buffer.from(`[${records.map((record) => record.json).join(',')}]`), spans };
}

/** Serializes the lists one record at a time, calling `pause` after each (a slice of a long task). */
export async function serializeUsers(everyone: readonly UserState[], viewer: UserState, options: UserViewOptions, pause: () => Promise<void>): Promise<SerializedUsers> {
  const sorted = everyone.filter((user) => !isSystemBot(user)).sort((a, b) => a.user_id - b.user_id);
  const records = { active: [] as { id: number; json: string }[], inactive: [] as { id: number; json: string }[] };
  for (const user of sorted) {
    (user.is_active ? records.active : records.inactive).push({ id: user.user_id, json: JSON.stringify(userView(user, viewer, options)) });
    await pause();
  }
  return { viewerId: viewer.user_id, active: joined(records.active), inactive: joined(records.inactive) };
}

/** `list` with the records of `replaced` (by user id) put in place of theirs, in one pass: views of its bytes between them. */
function withRecords(list: SerializedList, replaced: ReadonlyMap<number, string>): (Buffer | string)[] {
  const cuts = [...replaced].flatMap(([id, json]) => {
    const span = list.spans.get(id);
    return span ? [{ ...span, json }] : [];
  });
  if (cuts.length === 0) return [list.bytes];
  cuts.sort((a, b) => a.start - b.start);
  const parts: (Buffer | string)[] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push(list.bytes.subarray(from, cut.start), cut.json);
    from = cut.end;
  }
  parts.push(list.bytes.subarray(from));
  return parts;
}

/** The lists as `viewer` sees them: the records of the viewer they were made for and of this viewer redone. */
export function usersAsSeenBy(
  serialized: SerializedUsers,
  viewer: UserState,
  users: ReadonlyMap<number, UserState>,
  options: UserViewOptions,
): { active: (Buffer | string)[]; inactive: (Buffer | string)[] } {
  if (serialized.viewerId === viewer.user_id) return { active: [serialized.active.bytes], inactive: [serialized.inactive.bytes] };
  const redone = new Map<number, string>();
  for (const userId of [serialized.viewerId, viewer.user_id]) {
    const user = users.get(userId);
    if (user) redone.set(userId, JSON.stringify(userView(user, viewer, options)));
  }
  return { active: withRecords(serialized.active, redone), inactive: withRecords(serialized.inactive, redone) };
}
