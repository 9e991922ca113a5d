import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Diagnostic, FileEvent, ProtocolConnection, Range, ServerCapabilities } from 'vscode-languageserver-protocol/node.js';

export declare const uriOf: (file: string) => string;

export interface LspClient {
  connection: ProtocolConnection;
  /** What the server said it can do (its answer to initialize). */
  capabilities: ServerCapabilities;
  /** The latest diagnostics published for each URI. */
  diagnostics: Map<string, Diagnostic[]>;
  /**
   * Resolves with the next diagnostics published for `uri` that satisfy `until` (default: any);
   * rejects when the server exits first, or after `timeoutMs` (default 20 s; Infinity: never).
   */
  nextDiagnostics(uri: string, until?: (diagnostics: Diagnostic[], version: number | undefined) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  open(file: string, text: string, languageId?: string): void;
  /** The whole new text, or one incremental change. */
  change(file: string, change: string | { range: Range; text: string }, version: number): void;
  filesChanged(changes: FileEvent[]): void;
  /** didSave: the file's text is on disk now. */
  saved(file: string): void;
  /** workspace/didRenameFiles: the editor renamed these files or folders (absolute paths). */
  renamed(renames: ReadonlyArray<{ from: string; to: string }>): void;
  /** What the server asked the client to register (file watchers). */
  registrations: unknown[];
  stop(): Promise<void>;
  /** The server's process; undefined for a server in this process (`serve`). */
  process: ChildProcessWithoutNullStreams | undefined;
  stderr(): string;
}

export interface StartOptions {
  /** The client can watch files (it registers the server's watchers). Default true. */
  watchFiles?: boolean;
  /** The server's command line (default: this checkout's `node dist/cli/main.js lsp --stdio`). */
  command?: string[];
  /** Where the command runs. */
  cwd?: string;
  /** The server's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Instead of a command: a server started in this process on these streams (what the client writes, what it reads). */
  serve?: (input: NodeJS.ReadableStream, output: NodeJS.WritableStream) => void;
}

/** src/lsp's server in this process, as `serve` takes it (vitest only: it loads src/'s TypeScript). */
export declare function inProcessServer(): Promise<NonNullable<StartOptions['serve']>>;

export declare function startClient(workspace: string, options?: StartOptions): Promise<LspClient>;
