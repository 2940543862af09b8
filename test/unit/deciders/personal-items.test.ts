import { expect } from 'chai';
import {
  decideAddNavigationView,
  decideCreateDrafts,
  decideEditSavedSnippet,
  decideUpdateNavigationView,
  type DraftContext,
  foldNavigationViews,
  foldSavedSnippet,
  decideCreateSavedSnippet,
} from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';

const ctx: DraftContext = { user_id: 4, syncEnabled: true, now: 1000, channelExists: (id) => id === 7, userExists: (id) => id === 5 || id === 6 };

describe('drafts, saved snippets and navigation views deciders', () => {
  it('drafts: addressed as their type says, recipients sorted and unique, the clock when no timestamp', () => {
    const events = decideCreateDrafts(ctx, [{ type: 'private', to: [6, 5, 6], topic: 'dropped', content: 'Hi' }, { type: 'stream', to: [7], topic: 't', content: 'c', timestamp: 5 }], [1, 2]);
    expect(events.map((event) => event.data)).to.deep.equal([
      { draft_id: 1, user_id: 4, type: 'private', to: [5, 6], topic: '', content: 'Hi', timestamp: 1000 },
      { draft_id: 2, user_id: 4, type: 'stream', to: [7], topic: 't', content: 'c', timestamp: 5 },
    ]);
  });

  it('drafts: nothing is saved when one is refused, nor while synchronization is off', () => {
    expectApiError(() => decideCreateDrafts(ctx, [{ type: '', to: [], topic: '', content: 'ok' }, { type: 'stream', to: [8], topic: 't', content: 'c' }], [1, 2]), refused('8'));
    expectApiError(() => decideCreateDrafts({ ...ctx, syncEnabled: false }, [], []), refused('User has disabled synchronizing drafts.'));
    expectApiError(() => decideCreateDrafts(ctx, [{ type: '', to: [], topic: '', content: 'a\0b' }], [1]), refused('null bytes'));
  });

  it('snippets: an edit to the same title and content records nothing', () => {
    const snippet = foldSavedSnippet(decideCreateSavedSnippet({ saved_snippet_id: 3, user_id: 4, title: 'T', content: 'C' }));
    expect(decideEditSavedSnippet(snippet, { user_id: 4, title: ' T ' })).to.deep.equal([]);
    expect(decideEditSavedSnippet(snippet, { user_id: 4, content: 'D' })[0].data).to.deep.equal({ saved_snippet_id: 3, user_id: 4, title: 'T', content: 'D' });
  });

  it('navigation views: fragments are trimmed and unique per user; an update records only what changed', () => {
    const views = foldNavigationViews(decideAddNavigationView(new Map(), { user_id: 4, fragment: ' narrow/is/alerted ', is_pinned: true, name: 'Alerts' }));
    expect([...views.keys()]).to.deep.equal(['narrow/is/alerted']);
    expectApiError(() => decideAddNavigationView(views, { user_id: 4, fragment: 'narrow/is/alerted', is_pinned: false, name: 'x' }), refused('already exists'));
    expect(decideUpdateNavigationView(views, { user_id: 4, fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alerts' })).to.deep.equal([]);
    expect(decideUpdateNavigationView(views, { user_id: 4, fragment: 'narrow/is/alerted', is_pinned: false })[0].data.changes).to.deep.equal({ is_pinned: false });
  });
});
