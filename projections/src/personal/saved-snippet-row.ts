import type { SavedSnippetState } from '@chat/core';

/** A snippet as listed: with the time it was created, in UNIX seconds. */
export type SavedSnippetRow = SavedSnippetState & { date_created: number };
