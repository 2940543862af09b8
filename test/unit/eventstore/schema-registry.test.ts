import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Ajv } from 'ajv';
import type { DomainEvent, DomainEventType, EventMetadata } from '@chat/core';
import {
  EVENT_SCHEMA_DIR,
  type EventSchema,
  EventSchemaRegistry,
  type EventToAppend,
  InvalidEventError,
  sealSpecsOf,
  SqliteEventStore,
  ValidatingEventStore,
} from '@chat/eventstore';
import { metadataAt, T0 } from '../../support/stored-events.js';

/** Every event type the domain records; the compiler refuses this list if a type is missing. */
const EVENT_TYPES: Record<DomainEventType, true> = {
  RealmCreated: true, RealmSettingsChanged: true, CustomProfileFieldCreated: true, UserCreated: true, UserRenamed: true,
  UserRoleChanged: true, UserEmailChanged: true, UserEmailChangeRequested: true, UserProfileDataChanged: true,
  UserPasswordChanged: true, UserApiKeyRotated: true, UserSettingsChanged: true, KeyClaimed: true, KeyReleased: true, IdBlockReserved: true,
  UserGroupCreated: true, UserGroupMembersChanged: true, UserGroupUpdated: true, UserGroupDeactivated: true, UserGroupReactivated: true,
  UserGroupPermissionsChanged: true, RealmGroupSettingsChanged: true, RealmProfileChanged: true,
  ChannelCreated: true, ChannelUpdated: true, ChannelArchived: true, ChannelUnarchived: true, SubscriptionAdded: true,
  SubscriptionRemoved: true, SubscriptionPropertyChanged: true,
  ChannelFolderCreated: true, ChannelFolderUpdated: true, ChannelFoldersReordered: true,
  RealmEmojiAdded: true, RealmEmojiDeactivated: true, LinkifierAdded: true, LinkifierUpdated: true, LinkifierRemoved: true,
  LinkifiersReordered: true, CodePlaygroundAdded: true, CodePlaygroundRemoved: true,
  InviteLinkCreated: true, InviteLinkRevoked: true, InviteLinkUsed: true,
  MessageSent: true, UserTopicChanged: true, MessageFlagsChanged: true, UserAlertWordsChanged: true,
  ReactionAdded: true, ReactionRemoved: true, MessagesDeleted: true,
  MessageContentEdited: true, MessagesMoved: true,
  ReminderScheduled: true, ReminderDelivered: true, ReminderDeliveryFailed: true, ReminderDeleted: true, InviteLinkExpired: true,
  PushTokenAdded: true, PushTokenRemoved: true, PushDeviceRegistered: true,
  AttachmentUploaded: true, AttachmentDeleted: true,
  MessagePushesSent: true, MessagePushFailed: true, RequestAccepted: true, RequestAnswered: true, OwnersChanged: true,
  UserStatusChanged: true, UserMuted: true, UserUnmuted: true,
  RealmExportRequested: true, RealmExportCompleted: true, RealmExportFailed: true, RealmExportDeleted: true,
  EmailInvitationSent: true, EmailInvitationResent: true, EmailInvitationRevoked: true, EmailInvitationAccepted: true,
  CustomProfileFieldUpdated: true, CustomProfileFieldDeleted: true, CustomProfileFieldsReordered: true, RealmUserSettingsDefaultsChanged: true,
  UserDeactivated: true, UserReactivated: true, UserErased: true,
  ScheduledMessageCreated: true, ScheduledMessageEdited: true, ScheduledMessageDeleted: true, ScheduledMessageSent: true, ScheduledMessageFailed: true,
  DraftCreated: true, DraftEdited: true, DraftDeleted: true, SavedSnippetCreated: true, SavedSnippetEdited: true, SavedSnippetDeleted: true,
  NavigationViewAdded: true, NavigationViewUpdated: true, NavigationViewRemoved: true, HistoryQueried: true,
  BotOwnerChanged: true, BotSettingsChanged: true, BotStorageChanged: true,
};

type SchemaNode = { description?: string; properties?: Record<string, SchemaNode>; items?: SchemaNode };

/** Paths of properties, at any depth, that lack a description. */
function undescribed(node: SchemaNode, path = ''): string[] {
  const own = Object.entries(node.properties ?? {}).flatMap(([name, child]) => [
    ...(child.description ? [] : [`${path}/${name}`]),
    ...undescribed(child, `${path}/${name}`),
  ]);
  return node.items ? [...own, ...undescribed(node.items, `${path}[]`)] : own;
}

const files = readdirSync(EVENT_SCHEMA_DIR).filter((name) => name.endsWith('.json')).sort();

describe('event schemas', function () {
  for (const file of files) {
    describe(file, function () {
      const schema = JSON.parse(readFileSync(join(EVENT_SCHEMA_DIR, file), 'utf8')) as EventSchema & SchemaNode;

      it('compiles under strict Ajv', function () {
        const ajv = new Ajv({ strict: true, allowUnionTypes: true });
        ajv.addKeyword('x-version').addKeyword('x-emitted-by').addKeyword('x-sealed');
        expect(() => ajv.compile(schema)).not.to.throw();
      });

      it('seals only under subjects named by its own required top-level id fields', function () {
        for (const group of sealSpecsOf([schema]).get(schema.$id) ?? []) {
          for (const reference of group.by) {
            const [kind, field] = reference.split(':');
            expect(kind, reference).to.match(/^[a-z]+$/);
            expect(schema.required, `${reference} names a required field`).to.include(field);
            expect(schema.properties[field]?.type, `${reference} names an integer`).to.equal('integer');
          }
        }
      });

      it('is named <title>.v<x-version>, in a file of that name, for a domain event type', function () {
        expect(schema.$id).to.equal(`${schema.title}.v${schema['x-version']}`);
        expect(file).to.equal(`${schema.$id}.json`);
        expect(Object.keys(EVENT_TYPES)).to.include(schema.title);
      });

      it('has a description, the endpoints that emit it, and a description on every property', function () {
        expect(schema.description).to.be.a('string').and.not.equal('');
        expect(schema['x-emitted-by']).to.be.an('array').that.is.not.empty;
        for (const source of schema['x-emitted-by']) expect(source).to.be.a('string').and.not.equal('');
        expect(undescribed(schema)).to.deep.equal([]);
      });
    });
  }

  it('cover every domain event type', function () {
    const registry = new EventSchemaRegistry();
    const missing = Object.keys(EVENT_TYPES).filter((type) => registry.latestVersion(type) === null);
    expect(missing).to.deep.equal([]);
  });
});

describe('ValidatingEventStore', function () {
  let directory: string;
  let store: ValidatingEventStore;
  const registry = new EventSchemaRegistry();

  const item = (event: DomainEvent, metadata: EventMetadata = metadataAt(T0), id = 'event-1'): EventToAppend => ({ id, event, metadata });
  const renamed = (data: Record<string, unknown>) => ({ type: 'UserRenamed', data }) as DomainEvent;

  async function expectRefused(items: EventToAppend[], mentions: string): Promise<void> {
    let thrown: unknown;
    try {
      await store.append('user-7', items, 'no_stream');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(InvalidEventError);
    expect((thrown as Error).message).to.contain(mentions);
    expect(await store.headPosition()).to.equal(0);
    expect(await store.streamRevision('user-7')).to.equal(null);
  }

  beforeEach(function () {
    directory = mkdtempSync(join(tmpdir(), 'chat-validating-'));
    store = new ValidatingEventStore(new SqliteEventStore(join(directory, 'events.sqlite')), registry);
  });

  afterEach(async function () {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('given an event and metadata that fit their schemas, appends it', async function () {
    const result = await store.append('user-7', [item(renamed({ user_id: 7, full_name: 'Ophelia' }))], 'no_stream');
    expect(result).to.deep.equal({ position: 1, revision: 0 });
  });

  it('refuses an event with a missing field and appends nothing', async function () {
    await expectRefused([item(renamed({ user_id: 7 }))], "must have required property 'full_name'");
  });

  it('refuses an event with an extra field and appends nothing', async function () {
    await expectRefused([item(renamed({ user_id: 7, full_name: 'Ophelia', nickname: 'O' }))], 'must NOT have additional properties');
  });

  it('refuses a field of the wrong type', async function () {
    await expectRefused([item(renamed({ user_id: '7', full_name: 'Ophelia' }))], '/user_id must be integer');
  });

  it('refuses a whole batch when its second event is bad', async function () {
    const good = item(renamed({ user_id: 7, full_name: 'Ophelia' }));
    await expectRefused([good, item(renamed({ user_id: 7, full_name: '' }), metadataAt(T0), 'event-2')], '/full_name');
  });

  it('refuses a schema version that has no schema', async function () {
    await expectRefused([item(renamed({ user_id: 7, full_name: 'Ophelia' }), { ...metadataAt(T0), schema_version: 2 })], 'no schema for UserRenamed.v2');
  });

  const badMetadata: [string, Record<string, unknown>][] = [
    ['without correlation_id', { correlation_id: undefined }],
    ['with an extra field', { ip_address: '10.0.0.1' }],
    ['with an empty request_id', { request_id: '' }],
    ['with a fractional occurred_at', { occurred_at: 1.5 }],
    ['with a string actor_id', { actor_id: '1' }],
  ];
  for (const [what, change] of badMetadata) {
    it(`refuses metadata ${what} and appends nothing`, async function () {
      const metadata = JSON.parse(JSON.stringify({ ...metadataAt(T0), ...change })) as EventMetadata;
      await expectRefused([item(renamed({ user_id: 7, full_name: 'Ophelia' }), metadata)], 'metadata');
    });
  }
});
