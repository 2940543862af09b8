import { expect } from 'chai';
import type { StoredEvent } from '@chat/core';
import { ExportFilterError, matchesFilter, parseExportFilter, type RawExportFilter, streamCategory } from '@chat/eventstore';
import { metadataAt, T0 } from '../../support/stored-events.js';

const event = (stream: string, type: string, actor_id: number | null, occurred_at: number): StoredEvent =>
  ({ position: 1, stream, revision: 0, id: 'e', type, data: {}, metadata: { ...metadataAt(occurred_at), actor_id } }) as StoredEvent;

const renamed = event('user-7', 'UserRenamed', 7, T0);
const created = event('realm', 'RealmCreated', null, T0 + 60_000);
const sent = event('message-3', 'MessageSent', 9, T0 + 120_000);

function refused(raw: RawExportFilter, parameter: keyof RawExportFilter, mentions: string, known?: ReadonlySet<string>): void {
  let thrown: unknown;
  try {
    parseExportFilter(raw, known);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).to.be.instanceOf(ExportFilterError);
  expect((thrown as ExportFilterError).parameter).to.equal(parameter);
  expect((thrown as ExportFilterError).message).to.contain(mentions);
}

describe('export filters', function () {
  it('name a stream category by the part before the first dash, or the whole name', function () {
    expect(streamCategory('user-7')).to.equal('user');
    expect(streamCategory('emailclaim-ab-cd')).to.equal('emailclaim');
    expect(streamCategory('realm')).to.equal('realm');
  });

  it('given nothing, keep everything', function () {
    const filter = parseExportFilter({});
    expect(filter).to.deep.equal({
      fromPosition: undefined, toPosition: undefined, since: undefined, until: undefined,
      streams: undefined, categories: undefined, types: undefined, actorIds: undefined,
    });
    for (const e of [renamed, created, sent]) expect(matchesFilter(filter, e)).to.equal(true);
  });

  it('parse positions and ISO times (dates, and times with Z or an offset)', function () {
    expect(parseExportFilter({ from_position: '3', to_position: '10' })).to.include({ fromPosition: 3, toPosition: 10 });
    expect(parseExportFilter({ since: '2026-01-01', until: '2026-01-02T10:30:00+02:00' })).to.include({
      since: Date.UTC(2026, 0, 1),
      until: Date.UTC(2026, 0, 2, 8, 30),
    });
  });

  it('keep since inclusive and until exclusive, on metadata.occurred_at', function () {
    const filter = parseExportFilter({ since: new Date(T0 + 60_000).toISOString(), until: new Date(T0 + 120_000).toISOString() });
    expect([renamed, created, sent].filter((e) => matchesFilter(filter, e))).to.deep.equal([created]);
  });

  it('keep the streams named', function () {
    const filter = parseExportFilter({ stream: ['user-7', 'realm'] });
    expect([renamed, created, sent].filter((e) => matchesFilter(filter, e))).to.deep.equal([renamed, created]);
  });

  it('keep the categories named', function () {
    const filter = parseExportFilter({ category: ['message', 'realm'] });
    expect([renamed, created, sent].filter((e) => matchesFilter(filter, e))).to.deep.equal([created, sent]);
  });

  it('keep the event types named', function () {
    const filter = parseExportFilter({ type: ['MessageSent'] });
    expect([renamed, created, sent].filter((e) => matchesFilter(filter, e))).to.deep.equal([sent]);
  });

  it("keep the actors named, 'server' being the server's own events", function () {
    expect([renamed, created, sent].filter((e) => matchesFilter(parseExportFilter({ actor: ['9', 'server'] }), e))).to.deep.equal([created, sent]);
    expect([renamed, created, sent].filter((e) => matchesFilter(parseExportFilter({ actor: ['7'] }), e))).to.deep.equal([renamed]);
  });

  it('need every criterion given to hold', function () {
    const filter = parseExportFilter({ category: ['user', 'message'], actor: ['9'] });
    expect([renamed, created, sent].filter((e) => matchesFilter(filter, e))).to.deep.equal([sent]);
  });

  it('refuse what they cannot read, naming the parameter', function () {
    refused({ from_position: '0' }, 'from_position', "Invalid 'from_position': must be a positive integer (got '0')");
    refused({ to_position: '1.5' }, 'to_position', "Invalid 'to_position'");
    refused({ from_position: '5', to_position: '4' }, 'to_position', 'must not be below from_position');
    refused({ since: 'yesterday' }, 'since', "Invalid 'since': must be an ISO 8601 time");
    refused({ until: '01/02/2026' }, 'until', "Invalid 'until'");
    refused({ since: '2026-01-02', until: '2026-01-01' }, 'until', 'must be after since');
    refused({ actor: ['me'] }, 'actor', "must be a user id or 'server' (got 'me')");
    refused({ stream: [''] }, 'stream', 'must not be empty');
    refused({ type: ['MessageSnet'] }, 'type', "unknown event type 'MessageSnet'", new Set(['MessageSent']));
  });
});

