import { expect } from 'chai';
import { decideAddAlertWords, decideRemoveAlertWords, MAX_ALERT_WORD_LENGTH } from '@chat/core';
import { expectApiError, refused } from '../../support/api-error-assertions.js';

const USER = 4;
const changed = (alert_words: string[]) => ({ alert_words, events: [{ type: 'UserAlertWordsChanged', data: { user_id: USER, alert_words } }] });
const unchanged = (alert_words: string[]) => ({ alert_words, events: [] });

describe('decideAddAlertWords', function () {
  it('appends new words, trimmed, blank ones dropped, and records the whole list', function () {
    expect(decideAddAlertWords(USER, ['deploy'], ['  outage ', '', '   ', 'Release Train'])).to.deep.equal(changed(['deploy', 'outage', 'Release Train']));
  });

  it('ignores words the user has, regardless of case, and records nothing when nothing is new', function () {
    expect(decideAddAlertWords(USER, ['Deploy'], ['deploy', 'DEPLOY '])).to.deep.equal(unchanged(['Deploy']));
    expect(decideAddAlertWords(USER, [], [])).to.deep.equal(unchanged([]));
  });

  it('keeps one of several equal new words: the last spelling, in the place of the first', function () {
    expect(decideAddAlertWords(USER, [], ['rollback', 'pager', 'ROLLBACK', 'Rollback'])).to.deep.equal(changed(['Rollback', 'pager']));
  });

  it(`refuses a word longer than ${MAX_ALERT_WORD_LENGTH} characters (counted as characters, not code units), naming its index`, function () {
    expect(decideAddAlertWords(USER, [], ['😀'.repeat(MAX_ALERT_WORD_LENGTH)]).alert_words).to.have.length(1);
    expectApiError(() => decideAddAlertWords(USER, [], ['ok', 'x'.repeat(MAX_ALERT_WORD_LENGTH + 1)]), refused('alert_words[1] is too long (limit: 100 characters)'));
  });
});

describe('decideRemoveAlertWords', function () {
  it('removes the words named, regardless of case and surrounding spaces', function () {
    expect(decideRemoveAlertWords(USER, ['deploy', 'Outage', 'pager'], [' OUTAGE', 'deploy'])).to.deep.equal(changed(['pager']));
  });

  it('ignores words the user does not have, recording nothing when nothing goes', function () {
    expect(decideRemoveAlertWords(USER, ['deploy'], ['never'])).to.deep.equal(unchanged(['deploy']));
  });

  it('may empty the list', function () {
    expect(decideRemoveAlertWords(USER, ['deploy'], ['Deploy'])).to.deep.equal(changed([]));
  });
});
