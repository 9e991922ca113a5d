/** How serious a problem is. `info` never fails a run. */
export type Severity = 'error' | 'warning' | 'info';

/** A rule's configured severity; `off` turns the rule off. */
export type SeveritySetting = Severity | 'off';
