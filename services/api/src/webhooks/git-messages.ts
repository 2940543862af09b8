/**
 * The sentences the public server's git integrations (GitHub, GitLab, Gitea, …) share, so a team that
 * moves over reads the pushes, pull requests and issues it knows.
 */

export const COMMITS_LIMIT = 20;
const COMMITTERS_LIMIT = 3;
const PUNCTUATION = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

export const shortSha = (sha: string): string => sha.slice(0, 11);
export const quoted = (message: string): string => `\n~~~ quote\n${message}\n~~~`;
export const endsWithPunctuation = (text: string): boolean => PUNCTUATION.has(text.at(-1) ?? '');

export interface CommitLine {
  name: string;
  sha: string;
  url: string | undefined;
  message: string;
}

/** Committers by commit count (ties alphabetically), the fourth and later folded into "others". */
function committers(commits: CommitLine[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const commit of commits) counts.set(commit.name, (counts.get(commit.name) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  if (sorted.length <= COMMITTERS_LIMIT) return sorted;
  const others = sorted.slice(COMMITTERS_LIMIT).reduce((sum, [, count]) => sum + count, 0);
  return [...sorted.slice(0, COMMITTERS_LIMIT), ['others', others]];
}

export function commitsList(commits: CommitLine[], truncated = false): string {
  let text = commits
    .slice(0, COMMITS_LIMIT)
    .map((c) => `* ${c.message.split('\n')[0]} ([${shortSha(c.sha)}](${String(c.url)}))\n`)
    .join('');
  if (commits.length > COMMITS_LIMIT) text += `[and ${commits.length - COMMITS_LIMIT} more commit(s)]`;
  else if (truncated) text += '[and more commit(s)]';
  return text.trimEnd();
}

export interface PushOptions {
  truncated?: boolean;
  deleted?: boolean;
  forced?: boolean;
}

export function pushMessage(user: string, compareUrl: string | null, branch: string, commits: CommitLine[], options: PushOptions = {}): string {
  if (commits.length === 0 && options.deleted) return `${user} [deleted](${String(compareUrl)}) the branch ${branch}.`;
  const pushType = options.forced ? 'force pushed' : 'pushed';
  if (commits.length === 0) return compareUrl ? `${user} [${pushType}](${compareUrl}) the branch ${branch}.` : `${user} ${pushType} the branch ${branch}.`;
  const count = `${commits.length} commit${commits.length > 1 ? 's' : ''}`;
  const pushed = compareUrl ? `[${pushType}](${compareUrl}) ${count}` : `${pushType} ${count}`;
  const base = `${user} ${pushed} to branch ${branch}.`;
  const who = committers(commits);
  const list = commitsList(commits, options.truncated);
  if (who.length === 1 && who[0]?.[0] === user) return `${base}\n\n${list}`.trimEnd();
  const named = who.map(([name, n]) => `${name} (${n})`);
  const details = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${String(named.at(-1))}` : String(named[0]);
  return `${base} Commits by ${details}.\n\n${list}`.trimEnd();
}

export interface EventMessage {
  user: string;
  action: string;
  url: string;
  number?: number | undefined;
  targetBranch?: string | undefined;
  baseBranch?: string | undefined;
  message?: string | null | undefined;
  assignee?: string | undefined;
  assignees?: string[] | undefined;
  reviewer?: string | undefined;
  type?: string;
  title?: string | undefined;
}

const joinNames = (names: string[]): string => (names.length === 1 ? String(names[0]) : `${names.slice(0, -1).join(', ')} and ${String(names.at(-1))}`);

/** "<user> <action> [PR #n](url)", with branches, assignees, a quoted body as the public server adds them. */
export function pullRequestMessage(e: EventMessage): string {
  const id = e.number === undefined ? '' : ` #${e.number}`;
  let text = e.title === undefined ? `${e.user} ${e.action} [${e.type ?? 'PR'}${id}](${e.url})` : `${e.user} ${e.action} [${e.type ?? 'PR'}${id} ${e.title}](${e.url})`;
  const branches = Boolean(e.targetBranch && e.baseBranch);
  if (branches) text += ` from \`${String(e.targetBranch)}\` to \`${String(e.baseBranch)}\``;
  const hasAssignees = (e.assignees?.length ?? 0) > 0;
  if (hasAssignees) text += ` (assigned to ${joinNames(e.assignees ?? [])})`;
  else if (e.assignee) text += ` (assigned to ${e.assignee})`;
  else if (e.reviewer) text += ` (assigned reviewers: ${e.reviewer})`;
  const punctuation = e.message ? ':' : '.';
  if (hasAssignees || e.assignee || branches || e.title === undefined || !endsWithPunctuation(e.title)) text += punctuation;
  if (e.message) text += `\n${quoted(e.message)}`;
  return text.trimEnd();
}

export const issueMessage = (e: Omit<EventMessage, 'type'>): string => pullRequestMessage({ ...e, type: 'issue' });

export function pushTagMessage(user: string, tag: string, tagUrl?: string, action = 'pushed'): string {
  const text = `${user} ${action} tag ${tagUrl ? `[${tag}](${tagUrl})` : tag}`;
  return endsWithPunctuation(tag) ? text : `${text}.`;
}

export function commitCommentMessage(user: string, action: string, commitUrl: string, sha: string, message?: string): string {
  const text = `${user} ${action} on [${shortSha(sha)}](${commitUrl})${message ? ':' : '.'}`;
  return message ? text + quoted(message) : text;
}

export const releaseMessage = (user: string, action: string, tag: string, name: string, url: string): string => `${user} ${action} release [${name}](${url}) for tag ${tag}.`;

export const setupMessage = (integration: string, user?: string): string => `${integration} webhook has been successfully configured${user ? ` by ${user}` : ''}.`;

export function labelMessage(user: string, userUrl: string, action: 'added' | 'removed', label: string, id: number, url: string, title?: string): string {
  const preposition = action === 'added' ? 'to' : 'from';
  return `[${user}](${userUrl}) ${action} the ${label} label ${preposition} [Issue #${id}${title === undefined ? '' : ` ${title}`}](${url}).`;
}

export function milestoneMessage(user: string, userUrl: string, action: 'added' | 'removed', milestone: string, milestoneUrl: string, id: number, url: string, title?: string): string {
  const preposition = action === 'added' ? 'to' : 'from';
  return `[${user}](${userUrl}) ${action} milestone [${milestone}](${milestoneUrl}) ${preposition} [issue #${id}${title === undefined ? '' : ` ${title}`}](${url}).`;
}

/** Whether a branch is one of `branches=` (comma-separated), or any when the parameter is absent. */
export const branchNotifiable = (branch: string, branches: string | undefined): boolean => branches === undefined || branches.includes(branch);
