import type { Configured } from './dependencies.js';

/** The host part of the server's external URL: placeholder addresses (`user<id>@host`) and links name it. */
export const realmHost = (ctx: Configured): string => new URL(ctx.config.externalUrl).hostname;
