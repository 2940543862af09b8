import type { PayloadField } from '../payload-field.js';

/** Slack's Block Kit and legacy attachments as Markdown, as the public server renders them. */

const joinPieces = (pieces: string[]): string =>
  pieces
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .join('\n\n');



/** A text object's text: `{type: plain_text|mrkdwn, text}`. */
function text(field: PayloadField, plainOnly = false): string {
  field.get('type').oneOf(plainOnly ? ['plain_text'] : ['plain_text', 'mrkdwn']);
  return field.get('text').str();
}

function element(field: PayloadField): string {
  return field.get('type').str() === 'image' ? `[${field.get('alt_text').str()}](${field.get('image_url').url()})` : '';
}

function fieldsTable(fields: PayloadField[]): string {
  const texts = fields.map((f) => text(f));
  if (texts.length === 1) return String(texts[0]);
  const cells = texts.map((t) => t.replace(/\n/g, ' ').replace(/\|/g, ' '));
  let table = '| | |\n|-|-|\n';
  for (let i = 0; i < cells.length; i += 2) table += `| ${String(cells[i])} | ${cells[i + 1] ?? ''} |\n`;
  return table;
}

export function block(b: PayloadField): string {
  const type = b.get('type').oneOf(['actions', 'context', 'divider', 'header', 'image', 'input', 'section']);
  if (type === 'context' && b.opt('elements')?.truthy) {
    return joinPieces(b.get('elements').list().map((e) => (e.get('type').oneOf(['image', 'plain_text', 'mrkdwn']) === 'image' ? element(e) : text(e))));
  }
  if (type === 'divider') return '----';
  if (type === 'header') return `## ${text(b.get('text'), true)}`;
  if (type === 'image') {
    const alt = b.has('title') ? text(b.get('title'), true) : b.get('alt_text').str();
    return `[${alt}](${b.get('image_url').url()})`;
  }
  if (type === 'section') {
    const pieces: string[] = [];
    if (b.has('text')) pieces.push(text(b.get('text')));
    if (b.has('accessory')) pieces.push(element(b.get('accessory')));
    if (b.has('fields')) pieces.push(fieldsTable(b.get('fields').list()));
    return joinPieces(pieces);
  }
  return '';
}

function attachmentFields(fields: PayloadField[]): string {
  const lines: string[] = [];
  for (const f of fields) {
    const title = f.opt('title');
    const value = f.opt('value');
    if (title?.truthy && value?.truthy) lines.push(`*${title.str()}*: ${value.str()}`);
    else if (title?.truthy) lines.push(`*${title.str()}*`);
    else if (value?.truthy) lines.push(value.str());
  }
  return lines.join('\n');
}

export function attachment(a: PayloadField): string {
  const pieces: string[] = [];
  const present = (key: string): PayloadField | undefined => {
    const value = a.opt(key);
    return value?.truthy ? value : undefined;
  };
  const title = present('title');
  if (title) {
    const link = present('title_link');
    pieces.push(link ? `## [${title.str()}](${link.url()})` : `## ${title.str()}`);
  }
  for (const key of ['pretext', 'text']) {
    const value = present(key);
    if (value) pieces.push(value.str());
  }
  if (a.has('fields')) pieces.push(attachmentFields(a.get('fields').list()));
  const blocks = present('blocks');
  if (blocks) pieces.push(...blocks.list().map(block));
  const image = present('image_url');
  if (image) pieces.push(`[](${image.url()})`);
  const footer = present('footer');
  if (footer) pieces.push(footer.str());
  const ts = present('ts');
  if (ts) pieces.push(`<time:${ts.int()}>`);
  return joinPieces(pieces);
}

export { joinPieces };
