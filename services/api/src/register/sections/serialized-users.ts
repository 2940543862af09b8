import { isSystemBot, type UserState } from '@chat/core';
import { userView, type UserViewOptions } from '@chat/wire';

/** One JSON array of user records, with where each record starts and ends in it. */
interface SerializedList {
  text: string;
  spans: Map<number, { start: number; end: number }>;
}

/**
 * Every user record of the organization serialized as one viewer sees it. Records differ between
 * viewers only by the role-based visibility of real addresses and by each viewer's own record, so a
 * list serialized for one viewer serves every viewer of the same role once two records are redone.
 * The lists are kept joined: another viewer's copy is the text around those two records, cut and
 * pasted, not ten thousand records joined again.
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
    spans.set(id, { start: at, end: at + json.length });
    at += json.length + 1;
  }
  return { text: `[${records.map((record) => record.json).join(',')}]`, spans };
}

export function serializeUsers(everyone: readonly UserState[], viewer: UserState, options: UserViewOptions): SerializedUsers {
  const sorted = everyone.filter((user) => !isSystemBot(user)).sort((a, b) => a.user_id - b.user_id);
  const records = (active: boolean) => sorted.filter((user) => user.is_active === active).map((user) => ({ id: user.user_id, json: JSON.stringify(userView(user, viewer, options)) }));
  return { viewerId: viewer.user_id, active: joined(records(true)), inactive: joined(records(false)) };
}

/** `list` with the records of `replaced` (by user id) put in place of theirs, in one pass: the pieces of the text, not joined. */
function withRecords(list: SerializedList, replaced: ReadonlyMap<number, string>): string[] {
  const cuts = [...replaced].flatMap(([id, json]) => {
    const span = list.spans.get(id);
    return span ? [{ ...span, json }] : [];
  });
  if (cuts.length === 0) return [list.text];
  cuts.sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push(list.text.slice(from, cut.start), cut.json);
    from = cut.end;
  }
  parts.push(list.text.slice(from));
  return parts;
}

/** The lists as `viewer` sees them: the records of the viewer they were made for and of this viewer redone. */
export function usersAsSeenBy(
  serialized: SerializedUsers,
  viewer: UserState,
  users: ReadonlyMap<number, UserState>,
  options: UserViewOptions,
): { active: string[]; inactive: string[] } {
  if (serialized.viewerId === viewer.user_id) return { active: [serialized.active.text], inactive: [serialized.inactive.text] };
  const redone = new Map<number, string>();
  for (const userId of [serialized.viewerId, viewer.user_id]) {
    const user = users.get(userId);
    if (user) redone.set(userId, JSON.stringify(userView(user, viewer, options)));
  }
  return { active: withRecords(serialized.active, redone), inactive: withRecords(serialized.inactive, redone) };
}
