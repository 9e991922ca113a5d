import { ConfigLoader, mergeConfigOptions, unreadConfigMessage } from '../config-file/load.js';
import type { ValidationResult } from '../result.js';
import { FileReadError } from '../read.js';
import type { ValidateOptions } from '../pipeline/options.js';
import { UsageError, type CommonArgs } from './args.js';

/**
 * The config of each checked file, for one run: each folder looked up and each config read
 * once; flags beat the config. A bad config is a result of its own (its `config-invalid`
 * problems, reported once) and the files under it are not checked: the run exits 2.
 */
export class CliConfigs {
  private readonly loader: ConfigLoader;
  private readonly reported = new Set<string>();

  constructor(private readonly args: Pick<CommonArgs, 'config' | 'noConfig' | 'profile' | 'rules' | 'languageCodes' | 'root'>) {
    this.loader = new ConfigLoader({ configFile: args.config, noConfig: args.noConfig });
  }

  /**
   * The options to check `docsFile` with, or the config's problems (a result to print, once
   * per config file; undefined when already printed).
   */
  optionsFor<T extends ValidateOptions>(docsFile: string, extra: T): { options: T } | { broken: ValidationResult | undefined } {
    let config;
    try {
      config = this.loader.load(docsFile);
    } catch (error) {
      if (error instanceof FileReadError) throw new UsageError(unreadConfigMessage(error));
      throw error;
    }
    if (config.problems.length > 0) {
      const file = config.file!;
      if (this.reported.has(file)) return { broken: undefined };
      this.reported.add(file);
      return { broken: { file, problems: config.problems, sources: { [file]: config.text ?? '' } } };
    }
    const { profile, rules, languageCodes, root } = this.args;
    return { options: mergeConfigOptions(config.options, { ...extra, profile, rules, languageCodes, root }) };
  }
}
