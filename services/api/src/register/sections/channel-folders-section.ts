import { inFolderOrder } from '@chat/core';
import { channelFolderView } from '@chat/wire';
import type { SectionBuilder } from '../register-context.js';

/** The `channel_folders` section: every folder, archived ones included (clients filter), in display order. */
export const channelFoldersSection: SectionBuilder = async ({ ctx }) => ({
  channel_folders: inFolderOrder(await ctx.models.channelFolders.all()).map(channelFolderView),
});
