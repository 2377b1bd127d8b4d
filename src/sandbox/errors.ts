// Errors a handler throws; the server turns them into the service's error body
// `{ statusCode, timestamp, path, message, errors?, errorId? }`.
import type { JsonValue } from './types';

export type ValidationErrors = Record<string, { messages: string[]; value?: JsonValue | undefined }>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string | string[],
    readonly errors?: ValidationErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(Array.isArray(body) ? body.join('; ') : body);
  }
}

/** One failing field of a payload checked against a workflow's payload schema. */
export interface PayloadValidationEntry {
  field: string;
  message: string;
  value: JsonValue | null;
  schemaPath: string;
}

/**
 * 400 for a trigger whose payload fails the workflow's payload schema, in the service's form:
 * `{ type: "PAYLOAD_VALIDATION_ERROR", message: "Payload validation failed", errors: [{ field, message, value, schemaPath }] }`,
 * an array, unlike the 422's object keyed by field.
 */
export class PayloadValidationError extends HttpError {
  constructor(readonly entries: PayloadValidationEntry[]) {
    super(400, 'Payload validation failed');
  }
}

/**
 * An answer whose whole body is given rather than the service's error body: the 400 that carries
 * a per-item result when every item failed (contract §11), or Nest's bare 404 of a missing module.
 */
export class RawBodyError extends HttpError {
  constructor(statusCode: number, readonly rawBody: unknown, message: string) {
    super(statusCode, message);
  }
}

/** Nest's own 404 for a route the server does not have, as a server without the feature answers it. */
export function nestNotFound(method: string, path: string): RawBodyError {
  const message = `Cannot ${method} ${path}`;
  return new RawBodyError(404, { message, error: 'Not Found', statusCode: 404 }, message);
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
export const paymentRequired = (message: string): HttpError => new HttpError(402, message);
export const conflict = (message: string, headers?: Record<string, string>): HttpError =>
  new HttpError(409, message, undefined, headers);

/** 422 with field errors; the message lists every problem, as class-validator's does. */
export function validationFailed(errors: ValidationErrors): HttpError {
  return new HttpError(422, 'Validation Error', errors);
}

/** Collects field errors while validating one request. */
export class FieldErrors {
  readonly errors: ValidationErrors = {};

  add(field: string, message: string, value: unknown): void {
    const entry = (this.errors[field] ??= { messages: [], value: toJson(value) });
    entry.messages.push(message);
  }

  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  throwIfAny(): void {
    if (this.any) throw validationFailed(this.errors);
  }
}

function toJson(value: unknown): JsonValue | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(value)) as JsonValue;
  } catch {
    return String(value);
  }
}
