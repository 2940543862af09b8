import { expect } from 'chai';
import { type DomainEvent, FlagBit } from '@chat/core';
import { ByEventType, clientEventsProjection, type EventFacts, type FeedSink, messagesProjection, ProjectionDispatch, type ReadModels } from '@chat/projections';
import { allFanouts } from '../../../services/api/src/features/all-features.js';
import type { Delivery } from '@chat/realtime';
import { freshModels } from '../../support/read-model-fixture.js';
import { storedEvents } from '../../support/stored-events.js';
import { aUser } from '../../support/user-state-factory.js';

/** A direct message from 1 to 2 and 3 that mentions 2; the sender has read it, and echoes it locally. */
const sent: DomainEvent = {
  type: 'MessageSent',
  data: {
    message_id: 40,
    sender_id: 1,
    recipient: { type: 'direct', user_ids: [1, 2, 3] },
    content: '@**User 2** hello',
    rendered_content: '<p>hello</p>',
    is_me_message: false,
    receivers: [1, 2, 3],
    read: [1],
    flags: { mentioned: [2], stream_wildcard_mentioned: [], topic_wildcard_mentioned: [], has_alert_word: [] },
    local_echo: { queue_id: 'q1', local_id: '7.01' },
  },
};

/** A sink that keeps what it is given, with someone always listening. */
class KeptDeliveries implements FeedSink {
  readonly published: Delivery[] = [];
  async publish(deliveries: readonly Delivery[]): Promise<void> {
    this.published.push(...deliveries);
  }
  async hasListeners(): Promise<boolean> {
    return true;
  }
}

/** Read models with users 1–3 whose message reads are counted. */
async function modelsCountingReads(): Promise<{ models: ReadModels; reads: () => number }> {
  const models = freshModels();
  for (const user_id of [1, 2, 3]) await models.users.put(user_id, aUser({ user_id }), 1);
  let reads = 0;
  const messages = models.messages;
  const get = messages.get.bind(messages);
  const getMany = messages.getMany.bind(messages);
  messages.get = (id) => ((reads += 1), get(id));
  messages.getMany = (ids) => ((reads += 1), getMany(ids));
  return { models, reads: () => reads };
}

const flagsOf = (deliveries: readonly Delivery[]): [readonly number[], unknown][] => deliveries.map((delivery) => [delivery.userIds, delivery.event.flags]);

describe('client-events fan-out', () => {
  it('reads only the event types its fan-outs declare, and routes a send to the four that declare it', () => {
    const projection = clientEventsProjection(freshModels(), new KeptDeliveries(), { realmHost: () => 'example.com' }, allFanouts);
    expect(projection.handles).to.not.equal('every');
    expect(projection.handles).to.include.members(['MessageSent', 'UserRenamed', 'ChannelCreated', 'ReactionAdded']);
    expect(projection.handles).to.not.include('KeyClaimed');
    const route = new ByEventType(allFanouts);
    expect(route.readersOf('MessageSent').map((fanout) => fanout.name)).to.deep.equal(['messages', 'all-public-streams', 'first-message', 'attachments']);
    expect(route.readersOf('KeyClaimed')).to.deep.equal([]);
  });

  it("delivers a send from the message and the receivers' flags the messages projection handed on, reading nothing back", async () => {
    const { models, reads } = await modelsCountingReads();
    const sink = new KeptDeliveries();
    const dispatch = new ProjectionDispatch([messagesProjection(models), clientEventsProjection(models, sink, { realmHost: () => 'example.com' }, allFanouts)]);
    await dispatch.apply(storedEvents([sent])[0]);
    expect(reads()).to.equal(0);
    expect(flagsOf(sink.published)).to.deep.equal([
      [[2], ['mentioned']],
      [[3], []],
      [[1], ['read']],
      [[1], ['read']],
    ]);
    expect(sink.published[2].event.local_message_id).to.equal('7.01');
    expect(sink.published[2].audience).to.deep.equal({ onlyQueue: 'q1' });
    expect(sink.published[3].audience).to.deep.equal({ exceptQueue: 'q1' });
    expect(sink.published[0].event).to.have.nested.property('message.recipient_id', 81);
  });

  it('hands on what the messages projection stored: the message, its receivers, their flags and the conversation', async () => {
    const models = freshModels();
    const facts: EventFacts = {};
    await messagesProjection(models).apply(storedEvents([sent])[0], facts);
    expect(facts.sent?.message.id).to.equal(40);
    expect(facts.sent?.receivers).to.deep.equal([1, 2, 3]);
    expect([...(facts.sent?.flags ?? [])]).to.deep.equal([FlagBit.read, FlagBit.mentioned, 0]);
    expect(await facts.sent?.conversation).to.equal(81);
  });

  it('works the same deliveries out from the event where no projection ran before it (read models kept by another process)', async () => {
    const models = freshModels();
    for (const user_id of [1, 2, 3]) await models.users.put(user_id, aUser({ user_id }), 1);
    const [event] = storedEvents([sent]);
    await messagesProjection(models).apply(event);
    const sink = new KeptDeliveries();
    await clientEventsProjection(models, sink, { realmHost: () => 'example.com' }, allFanouts).apply(event);
    expect(flagsOf(sink.published)).to.deep.equal([
      [[2], ['mentioned']],
      [[3], []],
      [[1], ['read']],
      [[1], ['read']],
    ]);
  });
});
