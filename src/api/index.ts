export { NovuClient, isAbortError, isMisreadIdentifier, parseRetryAfter, DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS } from './client';
export type { WorkflowListQuery, NovuClientOptions, RequestOptions, RequestLogEntry, CreateSubscriberOptions, PreferencesReadOptions } from './client';
export { bulkTrigger } from './bulkTrigger';
export { trigger, updatePreferences } from './trigger';
export * from './errors';
export * from './schemas';
export * from './validation';
export { maskCredentials, maskedCredentialsObject } from './credentials';
export type { MaskedCredential } from './credentials';
