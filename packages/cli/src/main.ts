// cutout: background removal from the command line. `cutout --help` lists the commands.
import { type CommandLine, type CommandName, commandNames, parseCommandLine } from './args.ts';
import { helpText, shortUsage } from './help.ts';
import { UsageError } from './usage-error.ts';
import { version } from './version.ts';

async function run(line: CommandLine): Promise<number> {
  switch (line.command) {
    case 'help':
      process.stdout.write(helpText(line.topic));
      return 0;
    case 'version':
      process.stdout.write(`${version}\n`);
      return 0;
    case 'remove':
      return (await import('./commands/remove.ts')).removeCommand(line);
    case 'watch':
      return (await import('./commands/watch.ts')).watchCommand(line);
    case 'account':
      return (await import('./commands/account.ts')).accountCommand(line);
    case 'login':
      return (await import('./commands/login.ts')).loginCommand(line);
    case 'logout':
      return (await import('./commands/login.ts')).logoutCommand();
  }
}

/** Runs the command line; answers the exit code (0 done, 1 failed or interrupted, 2 usage). */
export async function main(argv: readonly string[]): Promise<number> {
  const named = commandNames.find((name) => name === argv[0]) as CommandName | undefined;
  try {
    return await run(parseCommandLine(argv));
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`cutout: ${err.message}\n${shortUsage(named)}`);
      return 2;
    }
    process.stderr.write(`cutout: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.CUTOUT_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    return 1;
  }
}

// Exits explicitly: keep-alive sockets and the engine's pool must not hold a finished command open.
process.exit(await main(process.argv.slice(2)));
