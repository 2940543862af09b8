import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A word nothing else in a data directory contains, and that survives tokenizers (lower-case letters and digits). */
export const uniqueToken = (label: string): string => `${label}${randomBytes(8).toString('hex')}`;

/** Text around a token that every encoding changes: HTML and JSON escape it, Markdown renders it. */
export const withSpecials = (token: string): string => `${token} <b>&"quoted"</b> ${token}é`;

const htmlEscaped = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const jsonEscaped = (text: string): string => JSON.stringify(text).slice(1, -1);

/** The forms a text may take in a file: as written, HTML-escaped (rendered content), JSON-escaped (event data). */
export const encodedForms = (text: string): string[] => [...new Set([text, htmlEscaped(text), jsonEscaped(text), jsonEscaped(htmlEscaped(text))])];

/** Every regular file under a directory, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/** A file's bytes, or null when it went between listing and reading (a journal a live server just removed). */
function readIfPresent(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Which of the texts (in any of their encoded forms) each file under `dir` holds, as raw bytes: `file: text` lines. */
export function rawFindings(dir: string, texts: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    const bytes = readIfPresent(file);
    if (bytes === null || bytes.length === 0) continue;
    for (const text of texts) {
      if (encodedForms(text).some((form) => bytes.includes(Buffer.from(form, 'utf8')))) found.push(`${file}: ${text}`);
    }
  }
  return found;
}

/** Polls until `dir` holds none of the texts or `deadlineMs` passed; answers what was still found and when it was clean. */
export async function untilGone(dir: string, texts: readonly string[], deadlineMs = 10_000): Promise<{ left: string[]; afterMs: number }> {
  const started = Date.now();
  for (;;) {
    const left = rawFindings(dir, texts);
    const afterMs = Date.now() - started;
    if (left.length === 0 || afterMs > deadlineMs) return { left, afterMs };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
