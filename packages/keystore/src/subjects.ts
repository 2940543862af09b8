/**
 * A subject is what a sealed value belongs to and is forgotten with: `message-42`, `user-7`,
 * `draft-3`… (kind, dash, id). Every subject's key is derived from its epoch's master key; subjects
 * with integer ids share an epoch with the other ids of their block of EPOCH_SIZE, so a send adds no
 * key of its own and a million messages need about a thousand masters.
 */
export type Subject = string;

export const EPOCH_SIZE = 1024;

const NUMBERED = /^([a-z][a-z_]*)-(\d{1,15})$/;

export interface SubjectParts {
  kind: string;
  id: number;
}

/** A subject read apart, and its epoch: a send asks for both of the same subject several times. */
interface ReadSubject {
  subject: Subject;
  parts: Readonly<SubjectParts> | null;
  epoch: string;
}

/** The last subjects read (a send's own and the next epoch's), most recent first. */
const recent: ReadSubject[] = [];
const RECENT = 4;

function read(subject: Subject): ReadSubject {
  for (const each of recent) if (each.subject === subject) return each;
  const match = NUMBERED.exec(subject);
  const parts = match ? { kind: match[1], id: Number(match[2]) } : null;
  const entry = { subject, parts, epoch: parts ? `${parts.kind}/${Math.floor(parts.id / EPOCH_SIZE)}` : `${subject}/*` };
  if (recent.unshift(entry) > RECENT) recent.pop();
  return entry;
}

/** The kind and integer id of a numbered subject; null for any other subject. */
export const subjectParts = (subject: Subject): Readonly<SubjectParts> | null => read(subject).parts;

/** The epoch a subject's key comes from: `message/3` holds messages 3072–4095; another subject is its own. */
export const epochOf = (subject: Subject): string => read(subject).epoch;

/** The same kind's subject one epoch further (`message-5` → `message-1029`); null for a subject that is its own epoch. */
export function subjectOfNextEpoch(subject: Subject): Subject | null {
  const parts = subjectParts(subject);
  return parts ? `${parts.kind}-${parts.id + EPOCH_SIZE}` : null;
}

/** Every subject of a numbered epoch (all ids of its block); a subject's own epoch holds just it. */
export function subjectsOfEpoch(epoch: string): Subject[] {
  const slash = epoch.lastIndexOf('/');
  const kind = epoch.slice(0, slash);
  const block = epoch.slice(slash + 1);
  if (block === '*') return [kind];
  const first = Number(block) * EPOCH_SIZE;
  return Array.from({ length: EPOCH_SIZE }, (_, i) => `${kind}-${first + i}`);
}

export const subject = (kind: string, id: number | string): Subject => `${kind}-${id}`;
