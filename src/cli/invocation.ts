// The command a person typed to run patchbay, so every hint names one they can run again. Through npx
// (npm sets npm_command=exec for `npx` and `npm exec`) there is no `patchbay` on PATH: the hint must say
// `npx patchbay-mcp …`. Installed globally or as a dependency, `patchbay …` is right.
import { PACKAGE_NAME } from '../version.js';

/** Every subcommand name: a `patchbay` followed by one of these in a hint is a command to run. */
const SUBCOMMANDS = ['init', 'add', 'remove', 'list', 'update', 'sync', 'status', 'doctor', 'migrate', 'uninstall', 'rollback', 'history', 'hosts', 'mcp', 'search', 'repair'];

const COMMAND_IN_TEXT = new RegExp(`(^|[\\s\`'"(])patchbay (?=(?:${SUBCOMMANDS.join('|')})\\b)`, 'g');

/** `npx patchbay-mcp` when run through npx, else `patchbay`. */
export function invokedAs(env: Readonly<Record<string, string | undefined>>): string {
  return env.npm_command === 'exec' ? `npx ${PACKAGE_NAME}` : 'patchbay';
}

/** The text with each `patchbay <subcommand>` it names written as the user's own command. */
export function asInvoked(text: string, command: string): string {
  if (command === 'patchbay') return text;
  return text.replace(COMMAND_IN_TEXT, (_match, before: string) => `${before}${command} `);
}
