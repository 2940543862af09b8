/**
 * Whether a client is one a person types into (so their own messages start read) rather than an
 * integration posting with the user's key: the web app, the mobile, desktop and terminal apps.
 */
export function isInteractiveClient(clientName: string): boolean {
  const name = clientName.toLowerCase();
  return /^(website|ios|android|snipe|test suite)$/.test(name) || /mobile|desktop|electron|terminal|zulip(android|ios)/.test(name);
}

/** A client's name from its User-Agent, as messages record it: `ZulipMobile/27.1 (Android)` is `ZulipMobile`. */
export function clientName(userAgent: string): string {
  const agent = userAgent.trim();
  const end = agent.search(/[/\s]/);
  const name = end < 0 ? agent : agent.slice(0, end);
  return name === '' ? 'API' : name;
}
