import { readFileSync } from 'node:fs';
import { UsageError } from './args.js';

const HELP = `docsnav: validate and resolve the navigation of a docs.json

Usage:
  docsnav validate [paths…]   check docs.json files (default ./docs.json; a folder means its docs.json)
  docsnav resolve [docs.json] print the page tree (openapi pages expanded)

validate options:
  -f, --format <f>            pretty (default), json, sarif, github
  --rule <code>=<severity>    off, info, warning or error; repeat or comma-separate
  --language-codes <a,b>      accept these language codes besides the spec's 20
  --max-warnings <n>          fail (exit 1) when there are more than n warnings
  --root <dir>                docs root for page and spec lookups (default: the file's folder)
  --color / --no-color        force colours on or off (default: when the terminal supports them)

resolve options:
  -f, --format <f>            json (default) or pretty
  -o, --out <file>            write the page tree to a file
  --root <dir>                docs root (default: the file's folder)
  --allow-remote              fetch openapi URLs (off by default)

Exit codes: 0 no errors, 1 errors (or too many warnings), 2 usage or I/O error.
`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  isTTY: boolean;
}

/** Runs docsnav with these arguments; returns the exit code. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'validate':
        return await (await import('./validate-command.js')).validateCommand(rest, io);
      case 'resolve':
        return await (await import('./resolve-command.js')).resolveCommand(rest, io);
      case '-v':
      case '--version':
        io.stdout(`${version()}\n`);
        return 0;
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        io.stdout(HELP);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}" (commands: validate, resolve; see docsnav --help)`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`docsnav: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

export { HELP };

