import { expect } from 'chai';
import type { DomainEvent, StoredEvent } from '@chat/core';
import { type Projection, ProjectionDispatch, projectionOf } from '@chat/projections';
import { allProjections } from '../../../services/api/src/features/all-features.js';
import { freshModels } from '../../support/read-model-fixture.js';
import { storedEvents } from '../../support/stored-events.js';

const aliceRenamed: DomainEvent = { type: 'UserRenamed', data: { user_id: 1, full_name: 'Alice' } };
const wordsChanged: DomainEvent = { type: 'UserAlertWordsChanged', data: { user_id: 1, alert_words: ['castle'] } };

describe('projection dispatch', function () {
  it('gives each event only to the projections that list its type, and every event to those that read every one, in their order', async function () {
    const seen: string[] = [];
    const record = (name: string) => async (event: StoredEvent) => void seen.push(`${name}:${event.type}`);
    const renames = projectionOf('renames', ['UserRenamed'], record('renames'));
    const everything: Projection = { name: 'everything', handles: 'every', apply: record('everything') };
    const words = projectionOf('words', ['UserAlertWordsChanged', 'UserRenamed'], record('words'));
    const dispatch = new ProjectionDispatch([renames, everything, words]);

    for (const event of storedEvents([aliceRenamed, wordsChanged])) await dispatch.apply(event);

    expect(seen).to.deep.equal(['renames:UserRenamed', 'everything:UserRenamed', 'words:UserRenamed', 'everything:UserAlertWordsChanged', 'words:UserAlertWordsChanged']);
  });

  it('routes a message to the few read models it changes, not to all of them', function () {
    const dispatch = new ProjectionDispatch(allProjections(freshModels()));
    expect(dispatch.readersOf('MessageSent').map((projection) => projection.name)).to.deep.equal(['messages', 'channel-first-message', 'attachments', 'attachment-jobs', 'message-push-jobs']);
    expect(dispatch.readersOf('NoSuchEvent')).to.deep.equal([]);
  });
});
