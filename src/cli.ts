#!/usr/bin/env node
import { type Command, COMMANDS, topLevelUsage } from './commands/command-table.js';
import { commandFailure, operatorMistake, UsageError } from './commands/operator-error.js';
import { VERSION } from './version.js';

/** The command called `name`; a mistyped name or option is an operator mistake. */
function commandNamed(name: string): Command {
  if (Object.hasOwn(COMMANDS, name)) return COMMANDS[name]!;
  throw new UsageError(name.startsWith('-') ? `unknown option '${name}'` : `unknown command '${name}'`);
}

/** `--help` or `-h` anywhere before a `--` (after which arguments are file names). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * Exit codes: 0 done, 1 a failure (a bug's stack trace, or one line for work that could not be
 * done, such as a file that cannot be loaded), 2 a mistake of the operator (one line).
 */
async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  try {
    return await dispatch(name, args);
  } catch (error) {
    return fail(commandName(name), error);
  }
}

/** The command whose name a failure is reported under: none when the name itself was the mistake. */
const commandName = (name: string | undefined) => (name !== undefined && Object.hasOwn(COMMANDS, name) ? name : null);

async function dispatch(name: string | undefined, args: string[]): Promise<number> {
  if (name === undefined) {
    process.stderr.write(`${await topLevelUsage()}\n`);
    return 2;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    process.stdout.write(`patent-status ${VERSION}\n`);
    return 0;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const topic = args[0] === undefined ? undefined : commandNamed(args[0]);
    process.stdout.write(`${topic ? await topic.usage(args.slice(1)) : await topLevelUsage()}\n`);
    return 0;
  }
  const command = commandNamed(name);
  if (asksForHelp(args)) {
    process.stdout.write(`${await command.usage(args)}\n`);
    return 0;
  }
  await command.run(args);
  return 0;
}

function fail(commandName: string | null, error: unknown): number {
  const failure = commandFailure(error);
  const mistake = failure ?? operatorMistake(error);
  if (mistake === null) {
    console.error(error);
    return 1;
  }
  const program = commandName === null ? 'patent-status' : `patent-status ${commandName}`;
  // A message that already names its command (`ingest grants: …`) is not prefixed twice.
  const named = commandName !== null && new RegExp(`^${commandName}\\b`).test(mistake.line);
  process.stderr.write(
    `${named ? 'patent-status ' : `${program}: `}${mistake.line}${mistake.usageHint ? ` (see ${program} --help)` : ''}\n`,
  );
  return failure === null ? 2 : 1;
}

// A server keeps the process alive after main returns; only a finished command or a failure ends it.
void main(process.argv.slice(2)).then((code) => {
  if (code !== 0) process.exit(code);
});
