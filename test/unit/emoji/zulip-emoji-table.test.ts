import { unicodeEmojiCode, unicodeEmojiCodeOfText, unicodeEmojiName, unicodeEmojiNames } from '@chat/markdown';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { parseTerminalEmojiTable } from '../../../tools/emoji/terminal-emoji-table.js';
import { ZULIP_EMOJI_FILE, zulipEmojiJson } from '../../../tools/emoji/zulip-emoji-json.js';
import { inline } from '../markdown/render-world-fixture.js';

interface EmojiFile {
  source: string;
  license: string;
  emoji: [string, string, ...string[]][];
}

const file = JSON.parse(readFileSync(ZULIP_EMOJI_FILE, 'utf8')) as EmojiFile;
const allNames = file.emoji.flatMap(([, ...names]) => names);

describe("Zulip's unicode emoji table", function () {
  it('holds every name Zulip clients know (2,887 names of 1,826 emoji), with its source and licence', function () {
    expect(file.emoji).to.have.length(1826);
    expect(allNames).to.have.length(2887);
    expect([...unicodeEmojiNames()].sort()).to.deep.equal([...allNames].sort());
    expect(file.source).to.contain('zulipterminal/unicode_emojis.py');
    expect(file.license).to.contain('Apache-2.0');
  });

  it("maps names to Zulip's code points, not GitHub's", function () {
    expect(unicodeEmojiCode('cat')).to.equal('1f408');
    expect(unicodeEmojiCode('thumbs_up')).to.equal('1f44d');
    expect(unicodeEmojiCode('working_on_it')).to.equal('1f6e0');
    expect(unicodeEmojiCode('smile')).to.equal('1f642');
    expect(unicodeEmojiCode('big_smile')).to.equal('1f604');
    expect(unicodeEmojiName('1f44d')).to.equal('+1');
  });

  it('keeps U+FE0F in the codes of the sequences Zulip writes with it', function () {
    expect(unicodeEmojiCode('eye_in_speech_bubble')).to.equal('1f441-fe0f-200d-1f5e8-fe0f');
    expect(unicodeEmojiCodeOfText('👁️‍🗨️')).to.equal('1f441-fe0f-200d-1f5e8-fe0f');
    expect(unicodeEmojiCodeOfText('👁‍🗨')).to.equal('1f441-fe0f-200d-1f5e8-fe0f');
    expect(unicodeEmojiCodeOfText('❤️')).to.equal('2764');
  });

  it('renders every name as :name: in Markdown, with its code', function () {
    const escape = (text: string) => text.replace(/&/g, '&amp;');
    for (const [code, ...names] of file.emoji) {
      for (const name of names) {
        const title = escape(name.replace(/_/g, ' '));
        expect(inline(`:${name}:`), name).to.equal(`<span aria-label="${title}" class="emoji emoji-${code}" role="img" title="${title}">:${escape(name)}:</span>`);
      }
    }
  });

  it('is what the generator writes from its source (the committed file is not edited by hand)', function () {
    const entries = file.emoji.map(([code, name, ...aliases]) => ({ code, name, aliases }));
    expect(zulipEmojiJson(entries, file.source)).to.equal(readFileSync(ZULIP_EMOJI_FILE, 'utf8'));
  });
});

describe('parseTerminalEmojiTable', function () {
  const source = ['EMOJI_DATA = {', `    "cat": {'code': '1f408', 'aliases': ['meow']},`, `    "+1": {'code': '1f44d', 'aliases': ['thumbs_up', 'like']},`, '}', ''].join('\n');

  it('reads each entry, sorted by canonical name', function () {
    expect(parseTerminalEmojiTable(source)).to.deep.equal([
      { code: '1f44d', name: '+1', aliases: ['thumbs_up', 'like'] },
      { code: '1f408', name: 'cat', aliases: ['meow'] },
    ]);
  });

  it('fails on a line it does not understand or a name given twice, instead of dropping emoji', function () {
    expect(() => parseTerminalEmojiTable(source.replace("'aliases'", "'names'"))).to.throw('unexpected line in EMOJI_DATA');
    expect(() => parseTerminalEmojiTable(source.replace("['meow']", "['like']"))).to.throw('a name is given to two emoji');
    expect(() => parseTerminalEmojiTable('X = {}')).to.throw('no EMOJI_DATA table');
  });
});
