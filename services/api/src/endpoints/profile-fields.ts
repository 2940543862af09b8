import { insufficientPermission, isAdminRole, streams } from '@chat/core';
import type { RouteCall } from '@chat/http';
import { currentRevision } from '../commands/expected-revision.js';
import type { ServerContext } from '../server-context.js';
import { callerUser, originOf } from './call-context.js';

/** GET /realm/profile_fields */
export async function listProfileFields(ctx: ServerContext): Promise<Record<string, unknown>> {
  const fields = (await ctx.models.profileFields.all()).sort((a, b) => a.order - b.order);
  return {
    custom_fields: fields.map((field) => ({
      ...field,
      field_data: '',
      display_in_profile_summary: false,
      required: false,
      editable_by_user: true,
    })),
  };
}

/** POST /realm/profile_fields: administrators add a field users' profiles can fill. */
export async function createProfileField(ctx: ServerContext, call: RouteCall): Promise<Record<string, unknown>> {
  const actor = await callerUser(ctx, call);
  if (!isAdminRole(actor.role)) throw insufficientPermission('Must be an organization administrator');
  const field_id = await ctx.ids.next('profile_field');
  const stream = streams.realm();
  await ctx.bus.run(originOf(call), async () => ({
    appends: [
      {
        stream,
        expected: await currentRevision(ctx.store, stream),
        events: [
          {
            type: 'CustomProfileFieldCreated',
            data: {
              field_id,
              name: String(call.params.name).trim(),
              hint: String(call.params.hint ?? ''),
              field_type: Number(call.params.field_type),
              order: await ctx.models.profileFields.count(),
            },
          },
        ],
      },
    ],
    result: undefined,
  }));
  return { id: field_id };
}
