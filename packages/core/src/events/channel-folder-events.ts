/** An administrator created a channel folder; `order` places it after every existing folder. */
export interface ChannelFolderCreated {
  type: 'ChannelFolderCreated';
  data: {
    channel_folder_id: number;
    name: string;
    description: string;
    /** The description as rendered at the time, so history shows what readers saw. */
    rendered_description: string;
    order: number;
    creator_id: number;
  };
}

/** A folder was renamed, described, archived or unarchived; `changes` holds only the new values. */
export interface ChannelFolderUpdated {
  type: 'ChannelFolderUpdated';
  data: {
    channel_folder_id: number;
    changes: { name?: string; description?: string; rendered_description?: string; is_archived?: boolean };
  };
}

/** The organization's folders were put in a new order: every folder id, archived ones included, first to last. */
export interface ChannelFoldersReordered {
  type: 'ChannelFoldersReordered';
  data: { order: number[] };
}

export type ChannelFolderEvent = ChannelFolderCreated | ChannelFolderUpdated | ChannelFoldersReordered;

declare module './index.js' {
  interface DomainEventKinds {
    ChannelFolderEvent: ChannelFolderEvent;
  }
}
