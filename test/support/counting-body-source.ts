import type { BodySource, MessageBody } from '@chat/readstore';

/**
 * A memory store's "log" of message bodies that notes the id of every body it is asked for: a test
 * of a read that must leave the bodies alone asserts `reads` stays empty.
 */
export function countingBodySource(bodies: ReadonlyMap<number, MessageBody>): { source: BodySource; reads: number[] } {
  const reads: number[] = [];
  const source: BodySource = {
    read: async (wanted) =>
      wanted.map(({ messageId }) => {
        reads.push(messageId);
        return bodies.get(messageId);
      }),
  };
  return { source, reads };
}
