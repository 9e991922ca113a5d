/**
 * The fenced blocks of the documents (README.md and the pages beside it in docs/, `DOCUMENTS`), and
 * a runner that runs a shell recipe among them as written.
 *
 * A recipe's info string names it after its language (```` ```sh install ````): GitHub shows the
 * language only, the name lets a test find the block, whichever page it is on (a name is used once
 * across all the documents). Shared by the default suite (test/readme.test.ts), the packages
 * suite, the end-to-end script (plain Node, so this file is JavaScript with no dependencies) and
 * CI, which runs a block from the command line:
 *
 *   node test/readme-blocks.mjs run <name>     runs the block in the current folder, output as it comes
 *
 * A shell recipe runs in one shell (`sh` for ```` ```sh ````, `bash` for ```` ```bash ````), so `cd`
 * and variables carry from line to line. Each command (a line, with its `\` continuations and
 * here-documents) must exit 0, or N when its comment says `exits N`; the run stops at the first
 * that does not.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hangGuard } from './time-scale.mjs';

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The documents whose blocks are run: README.md and every page of docs/ (not docs/rules/, whose
 * examples test/docs/rule-docs.test.ts runs), relative to the repository, with `/`.
 */
export const DOCUMENTS = [
  'README.md',
  ...readdirSync(path.join(REPO, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/** A document's text (a path of `DOCUMENTS`). */
export function documentText(file) {
  return readFileSync(path.join(REPO, file), 'utf8');
}

/** Every fenced block of every document, each with its `file`. */
export function documentBlocks() {
  return DOCUMENTS.flatMap((file) => fencedBlocks(documentText(file)).map((block) => ({ ...block, file })));
}

/** The languages whose blocks are shell recipes: each needs a name, and runs in this shell. */
export const SHELLS = { sh: 'sh', bash: 'bash' };

/** Every fenced block of a Markdown text, in order. `line` is the opening fence's line (1-based). */
export function fencedBlocks(markdown) {
  const lines = markdown.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, fence, info] = open;
    const words = info.trim().split(/\s+/).filter(Boolean);
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !closing.test(lines[end])) end++;
    blocks.push({ lang: words[0] ?? '', name: words[1], words, line: i + 1, endLine: end + 1, text: lines.slice(i + 1, end).join('\n') + '\n' });
    i = end;
  }
  return blocks;
}

/**
 * The one block called `name` among the documents (README.md and docs/*.md), with its `file`; or,
 * given `markdown`, in that text (another package's README). Throws when there is none or more than one.
 */
export function readmeBlock(name, markdown) {
  const found = (markdown === undefined ? documentBlocks() : fencedBlocks(markdown)).filter((block) => block.name === name);
  if (found.length !== 1)
    throw new Error(`${markdown === undefined ? 'README.md and docs/*.md have' : 'the text has'} ${found.length} blocks named "${name}", not one`);
  return found[0];
}

/** Where a block is, for messages: `docs/ci.md:12` (README.md when the block has no `file`). */
const at = (block, line) => `${block.file ?? 'README.md'}:${line}`;

/**
 * Where each character of a shell line is: `true` outside quotes. Single quotes take everything
 * literally, double quotes and unquoted text honour backslash escapes.
 */
function unquoted(line) {
  const outside = [];
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    outside[i] = quote === '';
    if (quote === "'") {
      if (char === "'") quote = '';
    } else if (char === '\\') {
      outside[i + 1] = quote === '';
      i++;
    } else if (quote === '"') {
      if (char === '"') quote = '';
    } else if (char === "'" || char === '"') {
      quote = char;
    }
  }
  return outside;
}

/** A shell line split into its code and its trailing comment (a `#` that starts a word, outside quotes). */
function splitComment(line) {
  const outside = unquoted(line);
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '#' && outside[i] && (i === 0 || /\s/.test(line[i - 1]))) return { code: line.slice(0, i), comment: line.slice(i + 1).trim() };
  }
  return { code: line, comment: '' };
}

/**
 * The commands of a shell block: `{ offset, text, code, comment, exits }`, where `offset` is the
 * line of the block it starts on (0-based), `text` the command with its continuation lines and
 * here-document, `code` the same without comments, `comment` its comments and `exits` the status
 * they promise (`exits N`, else 0).
 * Blank lines and lines that are only a comment are not commands.
 */
export function shellCommands(text) {
  const lines = text.replace(/\n$/, '').split('\n');
  const commands = [];
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(#.*)?$/.test(lines[i])) continue;
    const offset = i;
    const taken = [];
    const codes = [];
    const comments = [];
    let heredoc;
    for (;;) {
      const line = lines[i];
      taken.push(line);
      const { code, comment } = splitComment(line);
      codes.push(comment ? code.trimEnd() : code);
      if (comment) comments.push(comment);
      const outside = unquoted(code);
      for (const match of code.matchAll(/<<(-?)\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2/g)) {
        if (outside[match.index] && code[match.index + 2] !== '<') heredoc = { strip: match[1] === '-', delimiter: match[3] };
      }
      if (heredoc) {
        while (++i < lines.length) {
          taken.push(lines[i]);
          codes.push(lines[i]);
          if ((heredoc.strip ? lines[i].replace(/^\t+/, '') : lines[i]) === heredoc.delimiter) break;
        }
        if (i >= lines.length) throw new Error(`here-document at line ${offset + 1} has no closing ${heredoc.delimiter}`);
        break;
      }
      if (!comment && code.endsWith('\\') && i + 1 < lines.length) {
        i++;
        continue;
      }
      break;
    }
    const exits = /\bexits (\d+)\b/.exec(comments.join(' '));
    commands.push({ offset, text: taken.join('\n'), code: codes.join('\n'), comment: comments.join(' '), exits: exits ? Number(exits[1]) : 0 });
  }
  return commands;
}

const quoted = (value) => `'${String(value).replaceAll("'", `'\\''`)}'`;

/**
 * The script that runs a shell block command by command, checking each one's exit status, and,
 * with `marker`, printing `@@<marker> step N@@` before each command (on stdout and stderr) and
 * `@@<marker> status N S@@` after it (on stdout), so that a caller can tell their output apart.
 */
export function recipeScript(block, { marker, until } = {}) {
  const parts = [];
  shellCommands(block.text)
    .slice(0, until)
    .forEach((command, index) => {
      const line = block.line + 1 + command.offset;
      const first = splitComment(command.text.split('\n')[0]).code.trim();
      if (marker) parts.push(`printf '@@${marker} step %s@@\\n' ${index}; printf '@@${marker} step %s@@\\n' ${index} >&2`);
      parts.push(`{\n${command.text}\n} && __recipe_status=0 || __recipe_status=$?`);
      if (marker) parts.push(`printf '@@${marker} status %s %s@@\\n' ${index} "$__recipe_status"`);
      parts.push(
        `if [ "$__recipe_status" -ne ${command.exits} ]; then printf '%s\\n' ${quoted(`${at(block, line)}: \`${first}\` exited `)}"$__recipe_status"${quoted(`, the recipe says ${command.exits}`)} >&2; exit 1; fi`,
      );
    });
  return `${parts.join('\n')}\n`;
}

/** The output of each step of a marked run: the text after each step's marker, up to the next. */
function bySteps(output, marker) {
  const parts = output.split(new RegExp(`@@${marker} step (\\d+)@@\\n`));
  const steps = new Map();
  for (let i = 1; i < parts.length; i += 2) steps.set(Number(parts[i]), parts[i + 1]);
  return steps;
}

/**
 * Runs a shell block as written: after `replace`, if given (`[from, to]` pairs, each `from` must
 * occur exactly once), and only its first `until` commands, if given. Returns the whole run's
 * `{ status, stdout, stderr }` and each command's `{ line, command, exits, status, stdout, stderr }`;
 * `status` is undefined for a command that did not run.
 */
export function runRecipe(block, { cwd, env = {}, timeout = 5 * 60_000, replace = [], until } = {}) {
  // A hang guard: scaled with the load (time-scale.mjs); at load 45-60 recipes ran 61-345 s.
  const shell = SHELLS[block.lang];
  if (!shell) throw new Error(`${at(block, block.line)}: a ${block.lang} block is not a shell recipe`);
  let text = block.text;
  for (const [from, to] of replace) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`${at(block, block.line)}: the block "${block.name}" holds ${count} copies of ${from}, not one: it changed shape`);
    text = text.replace(from, () => to);
  }
  const marker = `recipe-${randomBytes(6).toString('hex')}`;
  const script = recipeScript({ ...block, text }, { marker, until });
  const run = spawnSync(shell, ['-c', script, `readme-${block.name}`], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: hangGuard(timeout),
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout = run.stdout ?? '';
  const stderr = `${run.stderr ?? ''}${run.error ? `\n${shell}: ${run.error.message}` : ''}`;
  const outs = bySteps(stdout, marker);
  const errs = bySteps(stderr, marker);
  const steps = shellCommands(text)
    .slice(0, until)
    .map((command, index) => {
      const out = outs.get(index) ?? '';
      const status = new RegExp(`@@${marker} status ${index} (\\d+)@@\\n$`).exec(out);
      return {
        line: block.line + 1 + command.offset,
        command: command.text,
        exits: command.exits,
        status: status ? Number(status[1]) : undefined,
        stdout: status ? out.slice(0, status.index) : out,
        stderr: errs.get(index) ?? '',
      };
    });
  const clean = (output) => output.replace(new RegExp(`@@${marker} (step|status) [\\d ]+@@\\n`, 'g'), '');
  return { status: run.status, stdout: clean(stdout), stderr: clean(stderr), steps };
}

// node test/readme-blocks.mjs run <name>: the block, run in the current folder with its output as it comes.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, name] = process.argv.slice(2);
  if (command !== 'run' || !name) {
    console.error('usage: node test/readme-blocks.mjs run <name>');
    process.exit(2);
  }
  const found = documentBlocks().filter((block) => block.name === name);
  if (found.length !== 1) {
    console.error(
      `README.md and docs/*.md have ${found.length} blocks named "${name}", not one${found.length > 1 ? `: ${found.map((block) => at(block, block.line)).join(', ')}` : ''}`,
    );
    process.exit(2);
  }
  const [block] = found;
  const shell = SHELLS[block.lang];
  if (!shell) {
    console.error(`${at(block, block.line)}: a ${block.lang} block is not a shell recipe`);
    process.exit(2);
  }
  console.log(`${at(block, block.line)}: the ${block.lang} block "${name}", in ${process.cwd()}`);
  const run = spawnSync(shell, ['-c', recipeScript(block), `readme-${name}`], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
