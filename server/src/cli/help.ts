/** `--help` of one server command, generated from its entry and the option registry. */
import { envNames, OPTIONS, type OptionName, type OptionSpec } from './options.js';

/** What a command's help is made of (the commands' table, commands.ts, gives each of these). */
export interface CommandHelpSource {
  usage: string;
  summary: string;
  /** More lines of help. */
  details?: string[];
  options: readonly OptionName[];
}

export function commandHelp(command: CommandHelpSource): string {
  const lines = [`${command.usage}`, '', `  ${command.summary}`];
  if (command.details) lines.push('', ...command.details.map((line) => `  ${line}`));
  lines.push('', 'Options (a flag wins over its environment variable, which wins over the default):');
  for (const name of [...command.options, 'help' as const]) {
    const spec: OptionSpec = OPTIONS[name];
    const flag = `--${name}${spec.value ? ` ${spec.value}` : ''}`;
    const extras = [
      ...(spec.default !== undefined ? [`default ${spec.default}`] : []),
      ...(envNames(name).length > 0 ? [`env ${envNames(name).join(' or ')}`] : []),
    ];
    lines.push(`  ${flag}`, `      ${spec.help}${extras.length > 0 ? ` (${extras.join('; ')})` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}
