import type { WebhookPeople } from '../integration.js';

/**
 * Jira's wiki markup as Markdown, as the public server converts it: bold, monospace, quotes, code and
 * noformat blocks, links, and `[~name]` mentions as the name of the user it guesses, else the name.
 */
export function jiraMarkup(content: string, people: WebhookPeople): string {
  let text = content
    .replace(/\*([^*]+)\*/g, '**$1**')
    .replace(/\{\{([^*]+?)\}\}/g, '`$1`')
    .replace(/bq\. (.*)/g, '> $1')
    .replace(/\{quote\}([\s\S]*?)\{quote\}/g, '~~~ quote\n$1\n~~~')
    .replace(/\{noformat\}([\s\S]*?)\{noformat\}/g, '~~~\n$1\n~~~')
    .replace(/\{code[^\n]*\}([\s\S]*?)\{code\}/g, '~~~\n$1\n~~~')
    .replace(/\[([^|~]+?)\]/g, '[$1]($1)')
    .replace(/\[(?:([^|~]+)\|)([^\]]*)\]/g, '[$1]($2)');
  for (const match of [...text.matchAll(/\[~(.*?)\]/g)]) {
    const username = String(match[1]);
    text = text.split(`[~${username}]`).join(`**${people.guessFullName(username) ?? username}**`);
  }
  return text;
}
