export { fixText, fixFile, type FixOptions, type FixFileOptions, type FixResult, type FixFileResult, type AppliedFix, type FixedFile } from './fix.js';
export { applyEdits } from './apply.js';
export { FIXABLE_CODES, isFixable } from './fixable.js';
export type { Fix, TextEdit } from './types.js';
