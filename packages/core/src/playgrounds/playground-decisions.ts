import { badRequest, missingArgument } from '../errors.js';
import type { CodePlaygroundAdded, CodePlaygroundRemoved } from '../events/playground-events.js';
import { invalidField, requireAdministrator } from '../linkifiers/linkifier-rules.js';
import { urlTemplateVariables } from '../linkifiers/url-template.js';
import type { UserState } from '../users/user-state.js';
import type { PlaygroundState } from './playground-state.js';

export const MAX_PYGMENTS_LANGUAGE_LENGTH = 40;

export interface PlaygroundContext {
  actor: UserState;
  playgrounds: readonly PlaygroundState[];
}

export interface PlaygroundInput {
  name?: string;
  pygments_language?: string;
  url_template?: string;
}

function checkLanguage(language: string): string {
  if (language.length > MAX_PYGMENTS_LANGUAGE_LENGTH) throw badRequest(`pygments_language is too long (limit: ${MAX_PYGMENTS_LANGUAGE_LENGTH} characters)`);
  if (!/^[ a-zA-Z0-9_+\-./#]*$/.test(language)) throw badRequest('Invalid characters in pygments language');
  return language;
}

/**
 * POST /realm/playgrounds: administrators only; a name no other playground has, a language name, and
 * a URL template whose only variable is `code`.
 */
export function decideAddPlayground(ctx: PlaygroundContext, playgroundId: number, input: PlaygroundInput): CodePlaygroundAdded[] {
  requireAdministrator(ctx.actor);
  for (const field of ['name', 'pygments_language', 'url_template'] as const) if (input[field] === undefined) throw missingArgument(field);
  const name = input.name!;
  const pygments_language = checkLanguage(input.pygments_language!);
  const url_template = input.url_template!;
  if (name === '') throw invalidField('name', 'This field cannot be blank.');
  if (pygments_language === '') throw invalidField('pygments_language', 'This field cannot be blank.');
  const variables = urlTemplateVariables(url_template);
  if (variables === null) throw invalidField('url_template', 'Invalid URL template.');
  if (variables.length !== 1 || variables[0] !== 'code') throw invalidField('__all__', '"code" should be the only variable present in the URL template');
  if (ctx.playgrounds.some((playground) => playground.name === name)) throw invalidField('__all__', 'Realm playground with this Realm and Name already exists.');
  return [{ type: 'CodePlaygroundAdded', data: { playground_id: playgroundId, name, pygments_language, url_template } }];
}

/** DELETE /realm/playgrounds/{playground_id} */
export function decideRemovePlayground(ctx: PlaygroundContext, playgroundId: number): CodePlaygroundRemoved[] {
  requireAdministrator(ctx.actor);
  if (!ctx.playgrounds.some((playground) => playground.id === playgroundId)) throw badRequest('Invalid playground');
  return [{ type: 'CodePlaygroundRemoved', data: { playground_id: playgroundId } }];
}
