import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { EventSchemaRegistry } from '@chat/eventstore';
import { eventCatalogue } from '../../../tools/catalogue/event-catalogue.js';
import { EVENTS_DOC } from '../../../tools/catalogue/events-doc-path.js';
import { STREAM_OF_TYPE } from '../../../tools/catalogue/stream-categories.js';

describe('docs/EVENTS.md', function () {
  const generated = eventCatalogue();

  it('is what the schemas generate (run `npm run docs:events` after changing schemas/events)', function () {
    const committed = readFileSync(EVENTS_DOC, 'utf8');
    if (committed !== generated) {
      const lines = committed.split('\n');
      const at = generated.split('\n').findIndex((line, index) => line !== lines[index]);
      expect.fail(`docs/EVENTS.md is out of date from line ${at + 1}: run npm run docs:events and commit the result`);
    }
  });

  it('has a section for every event type and version, with its stream and its emitting endpoints', function () {
    for (const schema of new EventSchemaRegistry().schemas.values()) {
      expect(STREAM_OF_TYPE[schema.title], `${schema.title}: add its stream to tools/catalogue/stream-categories.ts`).to.be.a('string');
      const heading = `### ${schema.title} v${schema['x-version']}\n`;
      expect(generated, heading).to.contain(heading);
      const section = generated.slice(generated.indexOf(heading)).split('\n### ')[0];
      expect(section).to.contain(`- **Emitted by:** ${schema['x-emitted-by'].join('; ')}`);
      expect(section).to.contain(`- **Stream:** \`${STREAM_OF_TYPE[schema.title]}\``);
      for (const field of Object.keys(schema.properties)) expect(section).to.contain(`| \`${field}\` |`);
    }
  });

  it('marks a superseded version as read through its upcaster', function () {
    expect(generated).to.contain('- **Version:** 1 (superseded by v2: read as v2 through its upcaster');
    expect(generated).to.contain('- **Version:** 2 (current); schema `schemas/events/UserTopicChanged.v2.json`');
  });
});
