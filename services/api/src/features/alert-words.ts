import { alertWordsProjection } from '@chat/projections/alert-words/alert-words-projection';
import { alertWordsFanout } from '@chat/projections/client-events/alert-words-fanout';
import { addAlertWordsEndpoint, getAlertWords, removeAlertWordsEndpoint } from '../endpoints/alert-words.js';
import { alertWordsSection } from '../register/sections/alert-words-section.js';
import { type Feature, route } from './feature.js';

/** Each user's alert words. */
export const alertWordsFeature: Feature = {
  name: 'alert-words',
  events: { UserAlertWordsChanged: { stream: 'user-<user_id>', leavesOrganizationAlone: true } },
  projections: [alertWordsProjection],
  fanouts: [alertWordsFanout],
  routes: [
    route('GET', '/users/me/alert_words', 'required', 'empty', getAlertWords),
    route('POST', '/users/me/alert_words', 'required', 'alert-words-add', addAlertWordsEndpoint),
    route('DELETE', '/users/me/alert_words', 'required', 'alert-words-remove', removeAlertWordsEndpoint),
  ],
  sections: { alert_words: alertWordsSection },
};
