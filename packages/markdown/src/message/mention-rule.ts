import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import { insideLink, pushReference, worldOf } from './message-env.js';
import type { MentionableGroup, MentionableUser, RenderWorld } from './render-world.js';
import { GROUP_MENTION, matchAt, parseUserMentionText, STREAM_WILDCARDS, TOPIC_WILDCARD, USER_MENTION } from './syntax.js';

export type MentionMeta =
  | { kind: 'user'; userId: number; name: string; silent: boolean }
  | { kind: 'group'; groupId: number; name: string; silent: boolean }
  | { kind: 'stream_wildcard'; word: string; silent: boolean }
  | { kind: 'topic_wildcard'; silent: boolean };

export const MENTION_TOKEN = 'chat_mention';

/** How system groups are shown when mentioned, as the public web app names them. */
const SYSTEM_GROUP_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  'role:nobody': 'Nobody',
  'role:owners': 'Owners',
  'role:administrators': 'Administrators',
  'role:moderators': 'Moderators',
  'role:fullmembers': 'Full members',
  'role:members': 'Members',
  'role:everyone': 'Everyone',
  'role:internet': 'Everyone on the internet',
};

const groupDisplayName = (group: MentionableGroup): string =>
  (group.is_system_group ? SYSTEM_GROUP_DISPLAY_NAMES[group.name] : undefined) ?? group.name;

/** The one user a mention's text names: by id (whose name, if given, must match) or by an unshared name. */
export function resolveUser(world: RenderWorld, text: string): MentionableUser | undefined {
  const { name, id } = parseUserMentionText(text);
  if (id === null) {
    const users = world.usersByName(text);
    return users.length === 1 ? users[0] : undefined;
  }
  const user = world.userById(id);
  if (user === undefined || (name !== null && user.full_name.toLowerCase() !== name.toLowerCase())) return undefined;
  return user;
}

function userMentionMeta(world: RenderWorld, text: string, silent: boolean): MentionMeta | undefined {
  if (STREAM_WILDCARDS.has(text)) return { kind: 'stream_wildcard', word: text, silent };
  if (text === TOPIC_WILDCARD) return { kind: 'topic_wildcard', silent };
  const user = resolveUser(world, text);
  if (user === undefined) return undefined;
  // A deactivated user is shown as named, but nobody is notified.
  return { kind: 'user', userId: user.id, name: user.full_name, silent: silent || !user.is_active };
}

function groupMentionMeta(world: RenderWorld, text: string, silent: boolean): MentionMeta | undefined {
  const group = world.groupByName(text);
  if (group === undefined) return undefined;
  // A deactivated group can mention nobody: it is shown, silently, as the public server does.
  return { kind: 'group', groupId: group.id, name: groupDisplayName(group), silent: silent || group.deactivated };
}

/** `@…` mentions; an unresolved one is left to the other rules (so `@**Nobody**` shows bold text). */
function mentionRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */ || insideLink(state)) return false;
  const world = worldOf(state);
  if (world === undefined) return false;
  const user = matchAt(USER_MENTION, state.src, state.pos);
  if (user !== null) {
    const meta = userMentionMeta(world, user[2], user[1] === '_');
    return meta !== undefined && pushReference(state, silent, MENTION_TOKEN, meta, user[0]);
  }
  const group = matchAt(GROUP_MENTION, state.src, state.pos);
  if (group === null) return false;
  const meta = groupMentionMeta(world, group[2], group[1] === '_');
  return meta !== undefined && pushReference(state, silent, MENTION_TOKEN, meta, group[0]);
}

export function mentionHtml(meta: MentionMeta, escape: (text: string) => string): string {
  const silentClass = meta.silent ? ' silent' : '';
  const at = meta.silent ? '' : '@';
  switch (meta.kind) {
    case 'user':
      return `<span class="user-mention${silentClass}" data-user-id="${meta.userId}">${at}${escape(meta.name)}</span>`;
    case 'group':
      return `<span class="user-group-mention${silentClass}" data-user-group-id="${meta.groupId}">${at}${escape(meta.name)}</span>`;
    case 'stream_wildcard':
      return `<span class="user-mention channel-wildcard-mention${silentClass}" data-user-id="*">${at}${meta.word}</span>`;
    case 'topic_wildcard':
      return `<span class="topic-mention${silentClass}">${at}${TOPIC_WILDCARD}</span>`;
  }
}

export function mentionsPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', MENTION_TOKEN, mentionRule);
  md.renderer.rules[MENTION_TOKEN] = (tokens, idx) => mentionHtml(tokens[idx].meta as MentionMeta, md.utils.escapeHtml);
}
