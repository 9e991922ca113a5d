import { invalidCharacterFindings } from './characters.js';
import { parseJsonSource } from './json.js';
import { parseYamlSource } from './yaml.js';
import type { SourceFile, SourceFormat } from './types.js';

export type { SourceFile, SourceFormat } from './types.js';

/** `.yaml`/`.yml` files are YAML; everything else is JSON. */
export function formatOf(file: string): SourceFormat {
  return /\.ya?ml$/i.test(file) ? 'yaml' : 'json';
}

export function parseSource(file: string, text: string, format: SourceFormat = formatOf(file)): SourceFile {
  const source = format === 'yaml' ? parseYamlSource(file, text) : parseJsonSource(file, text);
  source.findings.push(...invalidCharacterFindings(text, source.value));
  return source;
}
