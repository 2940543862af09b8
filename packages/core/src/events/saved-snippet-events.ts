/** A user saved a snippet of text to insert into messages. */
export interface SavedSnippetCreated {
  type: 'SavedSnippetCreated';
  data: { saved_snippet_id: number; user_id: number; title: string; content: string };
}

/** A user changed a snippet's title or content (the data holds both, as they are after the change). */
export interface SavedSnippetEdited {
  type: 'SavedSnippetEdited';
  data: { saved_snippet_id: number; user_id: number; title: string; content: string };
}

export interface SavedSnippetDeleted {
  type: 'SavedSnippetDeleted';
  data: { saved_snippet_id: number; user_id: number };
}

export type SavedSnippetEvent = SavedSnippetCreated | SavedSnippetEdited | SavedSnippetDeleted;

declare module './index.js' {
  interface DomainEventKinds {
    SavedSnippetEvent: SavedSnippetEvent;
  }
}
