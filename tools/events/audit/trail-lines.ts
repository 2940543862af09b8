import type { AuditEntry } from '@chat/projections/history/index';

const value = (shown: unknown): string => (typeof shown === 'string' ? shown : JSON.stringify(shown));

function actorText(entry: AuditEntry): string {
  const { actor } = entry;
  if (actor === null) return 'the server';
  const owner = actor.bot_owner ? `, a bot of ${actor.bot_owner.full_name} (${actor.bot_owner.user_id})` : '';
  return `${actor.full_name} (${actor.user_id}${owner})`;
}

/** One audit entry as lines a person reads: when, what, who, from where, then each value changed. */
export function trailLines(entry: AuditEntry): string {
  const head = `#${entry.position} ${entry.time} ${entry.type} [${entry.kinds.join(', ')}] by ${actorText(entry)}, request ${entry.request_id}, client ${JSON.stringify(entry.client)}`;
  const changes = entry.changes.map((change) => `    ${change.model} ${change.id} ${change.field}: ${value(change.before)} -> ${value(change.after)}`);
  return `${[head, ...changes].join('\n')}\n`;
}
