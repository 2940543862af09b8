import { expect } from 'chai';
import { type SearchDocument, type SearchIndex, searchTerms, stemsMatch, stemsOf } from '@chat/readstore';

/** An index made empty for one test; `reopen` gives the same index as a new process would open it. */
export interface SearchIndexFactory {
  open(): Promise<SearchIndex>;
  reopen(index: SearchIndex): Promise<SearchIndex>;
}

const WORDS = ['server', 'servers', 'running', 'runs', 'run', 'start', 'art', 'deploy', 'deployed', 'lunch', 'the', 'was', 'Café', 'cafe', 'x-ray', 'naïve'];

/** A deterministic document set: each message a few words of WORDS, some topics repeating words. */
function documents(count: number): SearchDocument[] {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const words = (n: number) => Array.from({ length: n }, () => WORDS[next(WORDS.length)]).join(' ');
  return Array.from({ length: count }, (_, i) => ({ id: 10 + 3 * i, topic: words(1 + next(2)), text: words(2 + next(6)) }));
}

/** The ids meeting the search by the reference matcher (search-text.ts), ascending. */
const reference = (docs: readonly SearchDocument[], words: string[]): number[] =>
  docs.filter((doc) => stemsMatch(searchTerms(words), [stemsOf(doc.topic), stemsOf(doc.text)])).map((doc) => doc.id);

export function searchIndexContract(name: string, factory: SearchIndexFactory): void {
  describe(`SearchIndex contract: ${name}`, function () {
    this.timeout(20_000);
    let index: SearchIndex;
    beforeEach(async () => (index = await factory.open()));
    afterEach(async () => index.close());

    const put = async (docs: readonly SearchDocument[], from = 1): Promise<void> => {
      for (const [i, doc] of docs.entries()) await index.put(doc, from + i);
    };
    const all = (words: string[]) => index.search(searchTerms(words), { below: Number.MAX_SAFE_INTEGER }, 1000);

    it('stems words and ANDs them, in the topic or the content; whole words only', async () => {
      await put([
        { id: 1, topic: 'status', text: 'the server was running' },
        { id: 2, topic: 'servers', text: 'it runs' },
        { id: 3, topic: 'start', text: 'a fresh start' },
        { id: 4, topic: 'art', text: 'modern' },
      ]);
      expect(await all(['run'])).to.deep.equal([2, 1]);
      expect(await all(['servers', 'runs'])).to.deep.equal([2, 1]);
      expect(await all(['art'])).to.deep.equal([4]);
      expect(await all(['STATUS', 'server'])).to.deep.equal([1]);
      expect(await all(['nothing'])).to.deep.equal([]);
      expect(await all(['!!!'])).to.deep.equal([]);
    });

    it('matches a quoted phrase as its words in a row within one field', async () => {
      await put([
        { id: 1, topic: 'ops', text: 'the server was running late' },
        { id: 2, topic: 'was', text: 'running the server' },
        { id: 3, topic: 'the server', text: 'was running' },
      ]);
      expect(await all(['server was running'])).to.deep.equal([1]);
      expect(await all(['the server'])).to.deep.equal([3, 2, 1]);
      expect(await all(['x-ray'])).to.deep.equal([]);
    });

    it('agrees with the reference matcher on a generated set, in both directions and with limits', async () => {
      const docs = documents(200);
      await put(docs);
      for (const words of [['run'], ['servers'], ['art'], ['start', 'the'], ['server was'], ['cafe'], ['naive', 'deploy'], ['x-ray']]) {
        const expected = reference(docs, words);
        const terms = searchTerms(words);
        expect(await all(words), words.join(' ')).to.deep.equal([...expected].reverse());
        expect(await index.search(terms, { above: 0 }, 1000), words.join(' ')).to.deep.equal(expected);
        const middle = docs[100].id;
        expect(await index.search(terms, { below: middle }, 5)).to.deep.equal(expected.filter((id) => id < middle).reverse().slice(0, 5));
        expect(await index.search(terms, { above: middle }, 5)).to.deep.equal(expected.filter((id) => id > middle).slice(0, 5));
        const among = docs.filter((_, i) => i % 3 === 0).map((doc) => doc.id);
        expect(await index.matchingAmong(terms, among)).to.deep.equal(expected.filter((id) => among.includes(id)));
      }
    });

    it('follows edits, topic changes and removals', async () => {
      await put([
        { id: 1, topic: 'lunch', text: 'pizza today' },
        { id: 2, topic: 'lunch', text: 'salad' },
      ]);
      await index.setText(1, 'sushi tomorrow', 3);
      await index.setTopic([1, 2], 'dinner', 4);
      expect(await all(['pizza'])).to.deep.equal([]);
      expect(await all(['sushi', 'dinner'])).to.deep.equal([1]);
      expect(await all(['lunch'])).to.deep.equal([]);
      await index.remove([2], 5);
      expect(await all(['dinner'])).to.deep.equal([1]);
      await index.put({ id: 1, topic: 'again', text: 'sent anew' }, 6);
      expect(await all(['sushi'])).to.deep.equal([]);
      expect(await all(['anew'])).to.deep.equal([1]);
    });

    it('persists its text and the position of its newest write across a reopen', async () => {
      expect(await index.position()).to.equal(0);
      await put([{ id: 5, topic: 'kept', text: 'durable words' }], 41);
      await index.setTopic([5], 'still kept', 42);
      index = await factory.reopen(index);
      expect(await index.position()).to.equal(42);
      expect(await all(['durable', 'still'])).to.deep.equal([5]);
      await index.clear();
      expect(await index.position()).to.equal(0);
      expect(await all(['durable'])).to.deep.equal([]);
    });
  });
}
