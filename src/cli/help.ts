/** `docsnav --help`. */
export const HELP = `docsnav: validate and resolve the navigation of a docs.json

Usage:
  docsnav validate [paths…]   check docs.json files (default ./docs.json; a folder means its docs.json;
                              globs such as "sites/*/docs.json" are expanded by docsnav; - reads stdin)
  docsnav resolve [docs.json] write the page tree (openapi pages expanded; - reads stdin)
  docsnav lsp [--stdio]        the language server for editors: the same problems as validate, fixes,
                              completions, hover, go to definition (stdio; --node-ipc, --socket=<port>)
  docsnav serve | worker | project | key   the self-hosted docs server, from the package @docsnav/server
                              when it is installed beside docsnav (docsnav serve --help)

validate options:
  -f, --format <f>            pretty (default), json, sarif, github; give it twice for two reports:
                              the first goes to stdout, the second to --output-file
  --output-file <file>        write the report (the second one, with two --format) to a file
  -q, --quiet                 report errors only (the exit code still counts warnings for --max-warnings)
  --stdin, -                  read the docs.json from standard input
  --stdin-filename <path>     its name in reports; its folder is the docs root (page and spec lookups)
  --rule <code>=<severity>    off, info, warning or error; repeat or comma-separate
  --language-codes <a,b>      accept these language codes besides the profile's
  --max-warnings <n>          fail (exit 1) when there are more than n warnings
  --fix                       apply the safe fixes to the file(s), then report what remains
  --fix-dry-run               print the safe fixes as a git diff (paths from the repository root); write nothing
  --root <dir>                docs root for page and spec lookups (default: the file's folder)
  --profile <p>               spec (default: the spec's 20 language codes, http(s) global anchors)
                              or platform (what the hosted platform accepts)
  --config <file>             use this config file (default: the nearest docsnav.config.json,
                              .yaml, .yml or package.json "docsnav" key, from the file's folder up)
  --no-config                 use no config file
  --no-specs                  do not read OpenAPI specs (fastest; endpoint entries are not checked)
  --color / --no-color        force colours on or off (default: when the terminal supports them)
  --rule-docs-url <url>       where a copy of docs/rules/ is published (e.g. on your git host): pretty
                              links it, SARIF gives it as helpUri, the job summary links each code

resolve options:
  --tree-format <f>           the page tree: json (default; carries a format "version") or pretty
  -o, --out <file>            write the page tree to a file instead of stdout
  -f, --format <f>            the problems: pretty (default), json, sarif, github; on stderr, or on
                              stdout when the tree goes to --out; twice with --output-file, as for validate
  --allow-remote              fetch openapi URLs (off by default)
  --output-file, --quiet, --stdin, --stdin-filename, --rule, --language-codes, --root, --profile,
  --config, --no-config, --color, --rule-docs-url: as for validate

With --format github and GITHUB_STEP_SUMMARY set, a table of every problem is appended to the
job summary (GitHub shows at most 10 error and 10 warning annotations per step).
Every problem code is documented in docs/rules/<code>.md, shipped in the package: pretty names
that file (or --rule-docs-url's copy), SARIF carries the whole doc as each rule's help.

Precedence: flag > config file > profile > default.
Config file keys: extends (spec|platform), rules, languageCodes, ignore (globs of pages or /pointers).

Exit codes: 0 no errors, 1 errors (or too many warnings), 2 usage or I/O error, or a bad config.
`;
