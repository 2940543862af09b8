import { PROFILE_FIELD_TYPES } from '@chat/core';
import { profileFieldsInOrder } from '@chat/projections';
import type { SectionBuilder } from '../register-context.js';

/** The `custom_profile_fields` section. */
export const customProfileFieldsSection: SectionBuilder = async ({ ctx }) => ({
  custom_profile_fields: profileFieldsInOrder(await ctx.models.profileFields.all()),
  custom_profile_field_types: Object.fromEntries(PROFILE_FIELD_TYPES.map(({ id, key, name }) => [key, { id, name }])),
});
