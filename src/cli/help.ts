/** `docsnav --help`. */
export const HELP = `docsnav: validate and resolve the navigation of a docs.json

Usage:
  docsnav validate [paths…]   check docs.json files (default ./docs.json; a folder means its docs.json)
  docsnav resolve [docs.json] print the page tree (openapi pages expanded)
  docsnav serve | worker | project | key   the deployment server (docsnav serve --help)

validate options:
  -f, --format <f>            pretty (default), json, sarif, github
  --rule <code>=<severity>    off, info, warning or error; repeat or comma-separate
  --language-codes <a,b>      accept these language codes besides the profile's
  --max-warnings <n>          fail (exit 1) when there are more than n warnings
  --root <dir>                docs root for page and spec lookups (default: the file's folder)
  --profile <p>               spec (default: the spec's 20 language codes, http(s) global anchors)
                              or platform (what the hosted platform accepts)
  --config <file>             use this config file (default: the nearest docsnav.config.json,
                              .yaml, .yml or package.json "docsnav" key, from the file's folder up)
  --no-config                 use no config file
  --no-specs                  do not read OpenAPI specs (fastest; endpoint entries are not checked)
  --color / --no-color        force colours on or off (default: when the terminal supports them)

resolve options:
  -f, --format <f>            json (default) or pretty
  -o, --out <file>            write the page tree to a file (problems go to stderr)
  --allow-remote              fetch openapi URLs (off by default)
  --rule, --language-codes, --root, --profile, --config, --no-config, --color: as for validate

Precedence: flag > config file > profile > default.
Config file keys: extends (spec|platform), rules, languageCodes, ignore (globs of pages or /pointers).

Exit codes: 0 no errors, 1 errors (or too many warnings), 2 usage or I/O error, or a bad config.
`;
