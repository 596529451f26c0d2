import { type ParseArgsConfig, parseArgs } from 'node:util';

/** An operator command's arguments; a mistyped one ends the command with its usage, not a stack trace. */
export function commandArguments<T extends ParseArgsConfig>(config: T, usage: string) {
  try {
    return parseArgs(config);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}
