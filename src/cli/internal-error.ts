/** What a bug in docsnav (never the user's input) prints: one line, the stack only with DOCSNAV_DEBUG set. The CLI's entry and the daemon say it alike. */
export function internalErrorText(error: unknown, env: NodeJS.ProcessEnv): string {
  const line = `docsnav: internal error: ${(error as Error)?.message ?? error} (set DOCSNAV_DEBUG=1 for details)\n`;
  return env.DOCSNAV_DEBUG ? `${line}${(error as Error)?.stack}\n` : line;
}
