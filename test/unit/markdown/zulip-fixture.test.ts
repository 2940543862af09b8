import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderMessage, worldFromLists } from '@chat/markdown';

/**
 * The public server's own Markdown fixture (`../shared/reference/zulip-markdown-test-cases.json`):
 * every case that does not depend on that server's test organization must render to its HTML, bar
 * the differences listed below (and in docs/topics/markdown.md), at least 95 % of them.
 */
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'reference', 'zulip-markdown-test-cases.json');

interface RegularCase { name: string; input: string; expected_output: string; backend_only_rendering?: boolean; translate_emoticons?: boolean }
interface Fixture { regular_tests: RegularCase[]; linkify_tests: [string, string, string][] }

/** Cases that are not self-contained, and why. */
const NOT_SELF_CONTAINED = (test: RegularCase): string | null => {
  if (test.backend_only_rendering === true || test.name === 'spoiler_with_inline_image') return 'image previews (the server fetches and thumbnails linked images)';
  return null;
};

/** Self-contained cases rendered otherwise, each with the reason (docs/topics/markdown.md lists them too). */
const KNOWN_DIFFERENCES: Readonly<Record<string, string>> = {
  non_empty_blockquote: 'a quote of only empty ">" lines does not take the text lines after it (CommonMark block quotes)',
  list_complexly_nested: 'ordered lists nest with the marker width (3 spaces for "1. "), not with 2 spaces',
  numbered_list: 'ordered lists nest with the marker width, not with 2 spaces',
  auto_renumbered_list_trick: 'ordered lists nest with the marker width, not with 2 spaces',
  two_auto_renumbered_lists: 'ordered lists nest with the marker width, not with 2 spaces',
  ulist_list_two_space_indent: "a list item's continuation line loses the indentation the public server keeps",
  emoji_sequence_two: 'the eye-in-speech-bubble sequence is not in the emoji table as one emoji',
  unrecognized_emoji_sequence_three: 'parts of an unknown emoji sequence are shown as emoji where the public server leaves the sequence as text',
  unrecognized_emoji_sequence_four: 'parts of an unknown emoji sequence are shown as emoji where the public server leaves the sequence as text',
  tex_safe_script_tag: 'KaTeX escapes the annotation of a ```math block differently from the one the fixture was made with',
};

const world = worldFromLists({ realmUrl: 'http://zulip.testserver' });
const translating = worldFromLists({ realmUrl: 'http://zulip.testserver', translateEmoticons: true });
/** A case rendered as its sender would have it rendered: some cases have the sender translate emoticons. */
const render = (content: string, translateEmoticons = false): string => renderMessage(content, translateEmoticons ? translating : world).html;

/** The linkify cases' expected HTML, built as the public server's own test builds it. */
function linkifyExpected(pattern: string, url: string): string {
  if (url === '') return pattern;
  const href = url.startsWith('http') ? url : url.includes('@') ? `mailto:${url}` : `http://${url}`;
  return pattern.replace('%s', `<a href="${href}">${url}</a>`);
}

describe("renderMessage: the public server's Markdown test cases", function () {
  const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture;
  const cases = [
    ...fixture.regular_tests
      .filter((test) => NOT_SELF_CONTAINED(test) === null)
      .map((test) => ({ name: test.name, input: test.input, expected: test.expected_output, emoticons: test.translate_emoticons === true })),
    ...fixture.linkify_tests.map(([input, pattern, url]) => ({ name: `linkify: ${input}`, input, expected: linkifyExpected(pattern, url), emoticons: false })),
  ];

  it("leaves out only the cases that need the test organization's image previews", function () {
    const left = fixture.regular_tests.filter((test) => NOT_SELF_CONTAINED(test) !== null).map((test) => test.name);
    expect(left).to.have.length(8);
    expect(cases).to.have.length(fixture.regular_tests.length + fixture.linkify_tests.length - 8);
  });

  it('renders at least 95 % of the self-contained cases as the public server does, and differs only where listed', function () {
    const differing = cases.filter((test) => render(test.input, test.emoticons) !== test.expected).map((test) => test.name);
    expect([...differing].sort()).to.deep.equal(Object.keys(KNOWN_DIFFERENCES).sort());
    const matched = cases.length - differing.length;
    expect(matched / cases.length).to.be.at.least(0.95);
  });

  for (const name of ['codeblock_hilite_python', 'tex_fenced_math', 'spoilers_fenced_spoiler', 'strikthrough_basic', 'safe_html_nested_script_tag', 'translate_emoticons', 'translate_emoticons_not_enabled']) {
    it(`renders ${name} exactly`, function () {
      const test = fixture.regular_tests.find((each) => each.name === name);
      if (test === undefined) throw new Error(`no case ${name}`);
      expect(render(test.input, test.translate_emoticons === true)).to.equal(test.expected_output);
    });
  }
});
