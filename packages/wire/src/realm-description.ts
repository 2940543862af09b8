export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The organization's description as clients receive it (register, server settings, realm events):
 * the text, escaped, in one paragraph; an empty description stays empty.
 */
export const realmDescriptionHtml = (description: string): string => (description === '' ? '' : `<p>${escapeHtml(description)}</p>`);
