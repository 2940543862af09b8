import { erasedInviteeEmail, erasedUser, subscriptionKey, withIdSet } from '@chat/core';
import { type Projection, projectionOf } from '../projection.js';
import { REALM_KEY, type ReadModels } from '../read-models.js';
import { requestKey } from '../requests/requests-projection.js';

/**
 * What an erasure takes from the read models (docs/topics/forgetting.md, "Erasure of a person"): every
 * value sealed under the person's key becomes what a replay reads once that key is gone. Each change
 * sets a value that does not depend on the one before (the account's placeholders, no alert words, no
 * storage, no status, no push devices, no recorded answers, no subscription rows, no rows of messages), so the
 * live models after it equal a replay that read the person's earlier events as placeholders. The command's other facts
 * (subscriptions removed, messages and personal items deleted) were applied by their own projections.
 */
export function erasureProjection(models: ReadModels): Projection {
  return projectionOf('erasure', ['UserErased'], async (event) => {
    const { user_id, invitation_ids } = event.data;
    const at = event.position;
    const user = await models.users.get(user_id);
    if (user) await models.users.put(user_id, erasedUser(user), at);
    await models.alertWords.delete(user_id, at);
    await models.botStorage.delete(user_id, at);
    await models.userStatuses.delete(user_id, at);
    for (const device of await models.pushDevices.findMany('user_id', user_id)) await models.pushDevices.delete(device.key, at);
    const pushUsers = (await models.pushUsers.get(REALM_KEY))?.user_ids ?? [];
    if (pushUsers.includes(user_id)) await models.pushUsers.put(REALM_KEY, { user_ids: withIdSet(pushUsers, user_id, false) }, at);
    // Their subscriptions' settings (colors, notification choices) go with the rows, as on the public server.
    for (const subscription of await models.subscriptions.findMany('user_id', user_id)) await models.subscriptions.delete(subscriptionKey(user_id, subscription.channel_id), at);
    for (const { day } of await models.requestDays.all()) {
      for (const request of await models.requests.findMany('day', day)) {
        if (request.user_id === user_id) await models.requests.delete(requestKey(user_id, request.request_id), at);
      }
    }
    // Their rows of the messages kept (what they read, starred, were mentioned in), as the public
    // server deletes their UserMessage rows; newest first, which the memory store removes cheaply.
    const held = await models.messages.matching({ userId: user_id, source: { kind: 'history' }, where: [] });
    for (let index = held.length - 1; index >= 0; index--) await models.messages.removeRows(held[index], [user_id], at);
    for (const inviteId of invitation_ids) {
      const invitation = await models.emailInvitations.get(inviteId);
      if (invitation) await models.emailInvitations.put(inviteId, { ...invitation, email: erasedInviteeEmail(inviteId) }, at);
    }
  });
}
