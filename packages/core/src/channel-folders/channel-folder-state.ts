/** A channel folder as the read model holds it, as deciders see it and (field for field) as clients receive it. */
export interface ChannelFolderState {
  id: number;
  name: string;
  description: string;
  /** The description as HTML, rendered when it was set and recorded in the event. */
  rendered_description: string;
  /** Display position, lowest first; archived folders keep theirs. */
  order: number;
  /** UNIX seconds, from the creating event's metadata. */
  date_created: number;
  creator_id: number | null;
  is_archived: boolean;
}
