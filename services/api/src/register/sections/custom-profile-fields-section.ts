import { profileFieldView } from '@chat/projections';
import type { SectionBuilder } from '../register-context.js';

/** The `custom_profile_fields` section. */
export const customProfileFieldsSection: SectionBuilder = async ({ ctx }) => {
  const fields = (await ctx.models.profileFields.all()).sort((a, b) => a.order - b.order);
  return {
    custom_profile_fields: fields.map(profileFieldView),
    custom_profile_field_types: {
      SHORT_TEXT: { id: 1, name: 'Short text' },
      LONG_TEXT: { id: 2, name: 'Long text' },
    },
  };
};
