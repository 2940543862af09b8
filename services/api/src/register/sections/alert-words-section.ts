import { alertWordsOf } from '../../actions/alert-words.js';
import type { SectionBuilder } from '../register-context.js';

/** The `alert_words` section: the viewer's alert words, in the order they were added. */
export const alertWordsSection: SectionBuilder = async ({ ctx, viewer }) => ({ alert_words: await alertWordsOf(ctx, viewer.user_id) });
