/**
 * GitHub Actions' `${{ }}` expressions, of the forms docs/examples/docs.yml and the excerpts of
 * docs/ci.md use, evaluated as Actions evaluates them, for the tests that run their steps
 * (test/docs/workflow.test.ts, test/readme.test.ts). Anything else fails the test that meets it.
 */
export type Context = Record<string, unknown>;

/** A workflow step, as docs/examples/docs.yml and docs/ci.md's excerpts write them. */
export interface WorkflowStep {
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

/** The value of a `${{ }}` expression of the forms the workflow uses: `a || b`, `a && b`, `x == 'y'`, `format('{0}', x)`, `github.x.y`. */
export function evaluate(expression: string, context: Context): unknown {
  const text = expression.trim();
  const split = (operator: string): string[] | undefined => {
    let depth = 0;
    let quoted = false;
    const parts: string[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === "'") quoted = !quoted;
      else if (!quoted && c === '(') depth++;
      else if (!quoted && c === ')') depth--;
      else if (!quoted && depth === 0 && text.startsWith(operator, i)) {
        parts.push(text.slice(start, i));
        start = i + operator.length;
        i += operator.length - 1;
      }
    }
    return parts.length > 0 ? [...parts, text.slice(start)] : undefined;
  };
  const or = split('||');
  if (or) return or.map((part) => evaluate(part, context)).find(Boolean) ?? evaluate(or[or.length - 1], context);
  const and = split('&&');
  if (and) {
    let value: unknown;
    for (const part of and) if (!(value = evaluate(part, context))) return value;
    return value;
  }
  const equal = split('==');
  if (equal) return evaluate(equal[0], context) === evaluate(equal[1], context);
  const literal = /^'(.*)'$/.exec(text);
  if (literal) return literal[1];
  const format = /^format\('([^']*)',(.*)\)$/.exec(text);
  if (format) return format[1].replace(/\{(\d+)\}/g, (_, i: string) => String(evaluate(format[2].split(',')[Number(i)], context)));
  if (text === 'always()') return true;
  if (!/^[\w.-]+$/.test(text)) throw new Error(`an expression this test cannot evaluate: ${text}`);
  return text.split('.').reduce<unknown>((value, key) => (value as Context | undefined)?.[key], context) ?? '';
}

/** `text` with each `${{ }}` expression replaced by its value (evaluate). */
export const fill = (text: string, context: Context): string =>
  text.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) => String(evaluate(expression, context)));
