/** How serious a problem is. `info` never fails a run. */
export type Severity = 'error' | 'warning' | 'info';

/** A rule's configured severity; `off` turns the rule off. */
export type SeveritySetting = Severity | 'off';

/** Severities from the mildest: the higher of two is the one a count of both takes. */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, error: 2 };

/** The higher of two severities: the one a count of both takes. */
export function higherSeverity(a: Severity, b: Severity): Severity {
  return SEVERITY_RANK[b] > SEVERITY_RANK[a] ? b : a;
}
