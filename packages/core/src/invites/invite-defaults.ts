/** The server setting INVITATION_LINK_VALIDITY_MINUTES when it is not configured: 10 days. */
export const DEFAULT_INVITATION_LINK_VALIDITY_MINUTES = 14400;
