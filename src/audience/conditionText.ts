/**
 * A subscription's condition (JSON Logic, contract §11) as a person reads it:
 * `payload.region == "eu" and subscriber.data.plan in ["pro", "enterprise"]`. Every operator of
 * JSON Logic is written; one this does not know is shown as its JSON, never dropped. Values are
 * quoted as JSON, so that a string from the service is never read as code. Pure: no `vscode`.
 */

const INFIX: Record<string, string> = {
  '==': '==', '===': '===', '!=': '!=', '!==': '!==', '>': '>', '>=': '>=', '<': '<', '<=': '<=',
  '+': '+', '-': '-', '*': '*', '/': '/', '%': '%', in: 'in',
};
const JOINED: Record<string, string> = { and: 'and', or: 'or' };

/** Readable text of a JSON Logic rule; `max` caps its length (the rest becomes "…"). */
export function conditionText(rule: unknown, max = 400): string {
  const text = write(rule, 0);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function isRule(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1;
}

function args(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function write(rule: unknown, depth: number): string {
  if (depth > 20) return '…';
  if (Array.isArray(rule)) return `[${rule.map((r) => write(r, depth + 1)).join(', ')}]`;
  if (!isRule(rule)) return JSON.stringify(rule) ?? String(rule);
  const [op, raw] = Object.entries(rule)[0]!;
  const values = args(raw);
  // Brackets only where reading would be ambiguous: and/or inside anything, a comparison inside a comparison.
  const inner = (v: unknown) => {
    const text = write(v, depth + 1);
    if (!isRule(v)) return text;
    const child = Object.keys(v)[0]!;
    return JOINED[child] || (INFIX[child] && !JOINED[op]) ? `(${text})` : text;
  };
  if (op === 'var') {
    const path = values[0];
    const name = typeof path === 'string' || typeof path === 'number' ? String(path) : write(path, depth + 1);
    return values.length > 1 ? `${name || 'data'} ?? ${write(values[1], depth + 1)}` : name || 'data';
  }
  if (INFIX[op] && values.length === 2) return `${inner(values[0])} ${INFIX[op]} ${inner(values[1])}`;
  if ((op === '<' || op === '<=') && values.length === 3) return `${inner(values[0])} ${op} ${inner(values[1])} ${op} ${inner(values[2])}`;
  if (JOINED[op]) return values.map(inner).join(` ${JOINED[op]} `);
  if (op === '!') return `not ${inner(values[0])}`;
  // l10n-ignore: a condition is shown as an expression, its operators as code (like `not`, `and`, `in`)
  if (op === '!!') return `${inner(values[0])} is set`;
  if (op === 'if' || op === '?:') {
    const parts: string[] = [];
    // l10n-ignore: the expression's keywords, as code
    for (let i = 0; i + 1 < values.length; i += 2) parts.push(`${i === 0 ? 'if' : 'else if'} ${inner(values[i])} then ${inner(values[i + 1])}`);
    if (values.length % 2 === 1) parts.push(`else ${inner(values[values.length - 1])}`);
    return parts.join(' ');
  }
  if (op === 'missing') return `missing ${values.map((v) => write(v, depth + 1)).join(', ')}`;
  // Any other operator (some, all, none, cat, substr, merge, max, min, map, filter, …) as a call.
  return `${op}(${values.map((v) => write(v, depth + 1)).join(', ')})`;
}
