import { administratorRequired, badRequest } from '../errors.js';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../realm/realm-constants.js';
import { isAdminRole } from '../roles.js';
import type { UserState } from '../users/user-state.js';
import type { ChannelFolderState } from './channel-folder-state.js';

/** What every channel-folder decision sees: the actor, every folder (archived too) and the description renderer. */
export interface ChannelFolderContext {
  actor: UserState;
  folders: readonly ChannelFolderState[];
  /** Folder ids that unarchived channels are in: such a folder cannot be archived. */
  foldersInUse: ReadonlySet<number>;
  /** Markdown to HTML; passed in so the domain stays free of the renderer's package. */
  renderDescription: (markdown: string) => string;
}

/** Only organization administrators (and owners) create, change and reorder folders. */
export function requireFolderAdmin(actor: UserState): void {
  if (!isAdminRole(actor.role)) throw administratorRequired();
}

/** Lengths are counted in code points, as the limits in the register response are. */
const codePoints = (text: string): number => [...text].length;

/**
 * A folder name: trimmed, non-empty, within the limit, and not the name of another folder that is not
 * archived, regardless of case (an archived folder's name is free until it is unarchived).
 */
export function checkChannelFolderName(folders: readonly ChannelFolderState[], raw: string, selfId: number | null): string {
  const name = raw.trim();
  if (name.length === 0) throw badRequest("Invalid 'name': channel folder name must not be empty");
  if (codePoints(name) > MAX_CHANNEL_FOLDER_NAME_LENGTH) {
    throw badRequest(`Invalid 'name': channel folder name cannot exceed ${MAX_CHANNEL_FOLDER_NAME_LENGTH} characters`);
  }
  const folded = name.toLowerCase();
  if (folders.some((folder) => folder.id !== selfId && !folder.is_archived && folder.name.toLowerCase() === folded)) {
    throw badRequest('Channel folder name already in use');
  }
  return name;
}

/** A folder description may be empty; only its length is bounded. */
export function checkChannelFolderDescription(description: string): string {
  if (codePoints(description) > MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH) {
    throw badRequest(`Invalid 'description': cannot exceed ${MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH} characters`);
  }
  return description;
}

/** Folders in display order; equal positions (which this server never writes) fall back to id. */
export const inFolderOrder = <F extends Pick<ChannelFolderState, 'id' | 'order'>>(folders: readonly F[]): F[] =>
  [...folders].sort((a, b) => a.order - b.order || a.id - b.id);

export function requireChannelFolder(folders: readonly ChannelFolderState[], id: number): ChannelFolderState {
  const folder = folders.find((candidate) => candidate.id === id);
  if (!folder) throw badRequest('Invalid channel folder ID');
  return folder;
}
