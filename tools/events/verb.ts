/** What a verb of `npm run events -- <verb>` writes to and reads from. */
export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/**
 * One verb of the events CLI: tools/events/verbs/<name>.ts exports `verb`, and cli.ts lists it.
 * `run` gets the arguments after the verb's name and resolves to the process exit code.
 */
export interface Verb {
  name: string;
  /** One line for the verb list of `--help`. */
  summary: string;
  /** The verb's own help: its options, one per line. */
  usage: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

/** Exit codes shared by every verb. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
