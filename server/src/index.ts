/**
 * @docsnav/server: the self-hostable docs backend built on docsnav's public API. Its commands
 * (`serve`, `worker`, `project …`, `key …`) run as `docsnav <command>`: the `docsnav` CLI finds
 * this package beside it and hands those commands over. This module is the package's public API
 * and nothing else.
 */
export { runServerCommand } from './cli/commands.js';
export type { CommandIo } from './cli/options.js';
