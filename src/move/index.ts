export { planMove } from './plan.js';
export { applyMove, type AppliedMove } from './write.js';
export { MoveError, REFUSALS, NOTES, type RefusalId, type NoteId } from './messages.js';
export type { MoveRequest, MoveOptions, MovePlan, FileMove, PageMove, FileChange, RedirectChange, MoveNote } from './types.js';
