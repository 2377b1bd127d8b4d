/**
 * Whether a schema from the app's discover says anything (contract §9.1): an app on zod 4 sends
 * `{ $schema }` alone, which means "cannot be read", never "no keys". Preview (the payload check)
 * and the drift both read schemas through it. Pure: no vscode.
 */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True for a JSON Schema with something in it: more than `$schema` (zod 4's `{ $schema }` is not visible). */
export function isSchemaVisible(schema: unknown): boolean {
  if (schema === true || schema === false) return true;
  return isRecord(schema) && Object.keys(schema).some((key) => key !== '$schema');
}
