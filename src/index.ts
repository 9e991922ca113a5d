/**
 * docsnav: validate and resolve the `navigation` of a documentation site's docs.json (or legacy mint.json).
 * This module is the public API and nothing else.
 */
export { validateText, validateFile } from './validate.js';
export { FileReadError } from './read.js';
export type { ValidateOptions } from './pipeline/options.js';
export type { ValidationProgress } from './pipeline/progress.js';
export { ValidationCache } from './cache/memory.js';
export { PageScanStore } from './cache/store.js';
export type { Problem, Severity, SeveritySetting, Range } from './problem.js';
export type { ValidationResult, ProblemCounts } from './result.js';
export { countProblems } from './result.js';
export { codes, allCodes, ruleDocPath, type Code, type CodeInfo } from './codes.js';
export { ruleDocUrl, ruleDocLink, ruleDocFile, type RuleDocsOptions } from './report/rule-docs.js';
export type { DocsFiles } from './docs-root.js';
export { formatPretty, type PrettyOptions } from './report/pretty.js';
export { messageWithSuggestion } from './report/message.js';
export { ioErrorText } from './io-error.js';
export { formatJson } from './report/json.js';
export { formatSarif, type SarifOptions } from './report/sarif.js';
export { formatGithub, formatGithubSummary, type GithubOptions } from './report/github.js';
export { LANGUAGE_CODES } from './navigation/model.js';
export { INVALID_CHARACTER, findInvalidCharacter, describeInvalidCharacter, invalidCharactersIn, locateInvalidCharacter } from './source/characters.js';
export { resolveText, resolveFile, type ResolveOptions } from './resolve.js';
export { diskReader, textOf, MAX_FILE_BYTES, type FileReader, type ReadOutcome, type ReadFailureReason } from './files.js';
export type {
  PageTree,
  ResolvedPage,
  ResolvedGroup,
  ResolveResult,
  TrailItem,
  NavNode,
  NavKind,
  NavIcon,
  NavPageRef,
  GlobalLink,
  PageOperation,
  PageChannel,
  PageGraphql,
} from './resolve/types.js';
export { parseFrontMatter, type FrontMatter } from './pages/front-matter.js';
export { followLocalRef } from './resolve/asyncapi.js';
export { platformPagePath } from './navigation/entries.js';
export { headingIds } from './pages/slug.js';
export { PAGE_TREE_VERSION } from './resolve/types.js';
export { moveGroup, initialDisplay, type GroupDisplay, type GroupMove, type GroupMoveInput } from './resolve/group-moves.js';
export { formatTreeJson, formatTreePretty } from './report/tree.js';
export {
  loadConfig,
  mergeConfigOptions,
  CONFIG_FILE_NAMES,
  type LoadedConfig,
  type LoadConfigOptions,
  type ConfigValidateOptions,
} from './config-file/load.js';
export { PROFILES, PLATFORM_LANGUAGE_CODES, type Profile, type ProfileName } from './config/profiles.js';
export { fixText, fixFile, type FixOptions, type FixFileOptions, type FixResult, type FixFileResult, type AppliedFix, type FixedFile } from './fix.js';
export { applyEdits } from './fix/apply.js';
export { FIXABLE_CODES, isFixable } from './fix/fixable.js';
export type { Fix, TextEdit } from './text-edit.js';
export { upgradeMintConfig, type MintUpgrade, type MintUpgradeOptions, type MintChange, type MintChangeKind } from './mint/upgrade.js';
export { upgradeMintText, type MintFileUpgrade, type MintFileOptions, type LocatedMintChange } from './mint/file.js';
export { planMove, applyMove, MoveError, REFUSALS, NOTES } from './move/index.js';
export type {
  MoveRequest,
  MoveOptions,
  MovePlan,
  FileMove,
  PageMove,
  FileChange,
  RedirectChange,
  MoveNote,
  AppliedMove,
  RefusalId,
  NoteId,
} from './move/index.js';

import { createRequire } from 'node:module';
import type { HistoryOptions } from './history/base.js';
import type { SiteDiff } from './history/diff.js';
import type { SiteBase } from './site/base.js';

/**
 * Path of the JSON Schema for a whole docs.json (draft-07), for editors and other validators:
 * language codes as the `spec` profile accepts them, and one kind of child per level as editors
 * can follow it (completion offers no second child kind).
 */
export const docsSchemaPath: string = createRequire(import.meta.url).resolve('../schema/docs.schema.json');
/** Path of the JSON Schema for the `navigation` value (the `spec` profile's language codes). */
export const navigationSchemaPath: string = createRequire(import.meta.url).resolve('../schema/navigation.schema.json');
/** Path of the JSON Schema for a whole docs.json with the `platform` profile's language codes (otherwise as docsSchemaPath). */
export const platformDocsSchemaPath: string = createRequire(import.meta.url).resolve('../schema/docs.platform.schema.json');
/** Path of the JSON Schema for the `navigation` value with the `platform` profile's language codes. */
export const platformNavigationSchemaPath: string = createRequire(import.meta.url).resolve('../schema/navigation.platform.schema.json');
/** Path of the JSON Schema for docsnav's own config file (docsnav.config.json). */
export const configSchemaPath: string = createRequire(import.meta.url).resolve('../schema/config.schema.json');
/** Path of the JSON Schema of the page tree `resolve` writes (draft-07). */
export const pageTreeSchemaPath: string = createRequire(import.meta.url).resolve('../schema/page-tree.schema.json');

export type { SiteBase, SiteDiff, HistoryOptions };

/**
 * The page URLs a site added, removed and moved between a git ref and the working tree (a moved
 * page: its file moved, as git's rename detection sees it). Rejects with one line (an Error named
 * `GitError`) when the folder is in no git repository, the ref names no commit, or git fails.
 * Loaded on first call: `import('docsnav')` does not load git support.
 */
export async function diffSite(docsFile: string, ref: string, options: HistoryOptions = {}): Promise<SiteDiff> {
  return (await import('./history/diff.js')).diffSite(docsFile, ref, options);
}

/**
 * The site as it was at a git ref, for `validateFile(file, { since })`: every page URL it served
 * that the site no longer serves, with no redirect covering it, is `redirect-missing` (and a moved
 * page's problem carries the redirect as its fix). Rejects as `diffSite` does.
 */
export async function readSiteBase(docsFile: string, ref: string, options: HistoryOptions = {}): Promise<SiteBase> {
  return (await import('./history/base.js')).readSiteBase(docsFile, ref, options);
}
