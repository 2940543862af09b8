import { type RenderedMessage, renderMessage, type RenderWorldLists, worldFromLists } from '@chat/markdown';

export const REALM_URL = 'https://chat.example.com';

export const ADA = { id: 7, full_name: 'Ada Lovelace', is_active: true };
export const SAM_ONE = { id: 8, full_name: 'Sam Lee', is_active: true };
export const SAM_TWO = { id: 9, full_name: 'Sam Lee', is_active: true };
export const FORMER = { id: 10, full_name: 'Former Colleague', is_active: false };

export const SUPPORT = { id: 3, name: 'support', is_system_group: false, deactivated: false };
export const RETIRED = { id: 4, name: 'retired', is_system_group: false, deactivated: true };
export const ADMINS = { id: 5, name: 'role:administrators', is_system_group: true, deactivated: false };

export const GENERAL = { id: 3, name: 'general talk' };
export const SECRET = { id: 4, name: 'secret plans' };

export const GREEN_TICK = { id: '60', name: 'green_tick', source_url: '/user_avatars/2/emoji/images/60.png', deactivated: false };
export const OLD_LOGO = { id: '61', name: 'old_logo', source_url: '/user_avatars/2/emoji/images/61.gif', deactivated: true };

/** The organization most tests render in: the sender cannot see `secret plans`. */
export const WORLD_LISTS: RenderWorldLists = {
  realmUrl: REALM_URL,
  users: [ADA, SAM_ONE, SAM_TWO, FORMER],
  groups: [SUPPORT, RETIRED, ADMINS],
  channels: [GENERAL, SECRET],
  canLinkChannel: (channel) => channel.id !== SECRET.id,
  customEmoji: [GREEN_TICK, OLD_LOGO],
};

export const render = (content: string, overrides: Partial<RenderWorldLists> = {}): RenderedMessage =>
  renderMessage(content, worldFromLists({ ...WORLD_LISTS, ...overrides }));

/** The HTML of a one-paragraph message, without the paragraph. */
export const inline = (content: string, overrides: Partial<RenderWorldLists> = {}): string => {
  const { html } = render(content, overrides);
  if (!html.startsWith('<p>') || !html.endsWith('</p>')) throw new Error(`not one paragraph: ${html}`);
  return html.slice(3, -4);
};

export const NO_MENTIONS = { mentioned_user_ids: [], mentioned_group_ids: [], stream_wildcard: false, topic_wildcard: false };

export const factsOf = ({ html: _html, is_me_message: _me, ...facts }: RenderedMessage) => facts;
