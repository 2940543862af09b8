/**
 * Micro-benchmark: the cost of opening sealed values as a replay or a fetch does. Seals N typical
 * message texts (content and rendered content of messages in 1,024-id epochs) and opens them all:
 * openText alone, and the whole read (unsealData then reading the text). Prints µs per value.
 *   node --import tsx bench/tools/open-box-cost.ts [count]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { KeyRing, openText } from '@chat/keystore';
import { boxContext, formatOf, type SealedEntry, SEALED } from '../../packages/eventstore/src/sealing/sealed-envelope.js';
import { sealData, unsealData } from '../../packages/eventstore/src/sealing/index.js';

const count = Number(process.argv[2] ?? 100_000);
const epochs = Math.ceil(count / 1024);
const ring = new KeyRing({ masters: Array.from({ length: epochs }, (_, e) => [`message/${e}`, randomBytes(32)] as const), materialized: [] });
const groups = [{ by: ['message:message_id'], paths: ['content', 'rendered_content'], forgotten: ['', ''] }];
const words = 'the quick brown fox jumps over a lazy dog while the team ships another release'.split(' ');
const text = (i: number): string => Array.from({ length: 12 + (i % 20) }, (_, w) => words[(i + w) % words.length]).join(' ');

const stored = Array.from({ length: count }, (_, i) => {
  const id = randomUUID();
  const content = text(i);
  const data = sealData({ message_id: i, sender_id: 7, content, rendered_content: `<p>${content}</p>` }, groups as never, id, ring);
  return { id, json: JSON.stringify(data) };
});

function time(label: string, run: () => number): void {
  for (let round = 0; round < 3; round++) {
    const cpu = process.cpuUsage();
    const sink = run();
    const used = process.cpuUsage(cpu);
    if (round > 0) console.log(`${label}: ${((used.user + used.system) / count).toFixed(2)} µs/value (cpu), sink ${sink}`);
  }
}

const parsed = stored.map(({ id, json }) => ({ id, entry: (JSON.parse(json) as Record<string, SealedEntry[]>)[SEALED][0] }));
time('openText alone', () => {
  let sink = 0;
  for (const { id, entry } of parsed) sink += openText(ring.keyFor(entry.s) as Buffer, boxContext(id, entry), entry.b, formatOf(entry)).length;
  return sink;
});
time('keyFor alone', () => {
  let sink = 0;
  for (const { entry } of parsed) sink += (ring.keyFor(entry.s) as Buffer).length;
  return sink;
});
time('parse + unseal + read content', () => {
  let sink = 0;
  for (const { id, json } of stored) sink += (unsealData(JSON.parse(json) as { content: string }, id, ring).content).length;
  return sink;
});
time('parse + unseal, never read', () => {
  let sink = 0;
  for (const { id, json } of stored) sink += Object.keys(unsealData(JSON.parse(json) as object, id, ring)).length;
  return sink;
});
time('parse alone', () => {
  let sink = 0;
  for (const { json } of stored) sink += Object.keys(JSON.parse(json) as object).length;
  return sink;
});
