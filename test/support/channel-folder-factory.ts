import type { ChannelFolderContext, ChannelFolderState, UserState } from '@chat/core';

/** A folder as the read model holds it after ChannelFolderCreated, with any field overridden. */
export function aFolder(overrides: Partial<ChannelFolderState> & { id: number }): ChannelFolderState {
  return {
    name: `folder ${overrides.id}`,
    description: '',
    rendered_description: '',
    order: overrides.id - 1,
    date_created: 1_700_000_000,
    creator_id: 1,
    is_archived: false,
    ...overrides,
  };
}

/** A stand-in renderer: deciders must record whatever the renderer returns. */
export const fakeRender = (markdown: string): string => (markdown === '' ? '' : `<p>${markdown}</p>`);

export const folderContext = (
  actor: UserState,
  folders: readonly ChannelFolderState[] = [],
  foldersInUse: ReadonlySet<number> = new Set(),
): ChannelFolderContext => ({
  actor,
  folders,
  foldersInUse,
  renderDescription: fakeRender,
});
