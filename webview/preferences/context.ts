import type { PreferencesRequestBody } from '../../src/protocol/preferences';

/** What the preferences panel's views need from the script around them. */
export interface PanelContext {
  request<Result = unknown>(body: PreferencesRequestBody): Promise<Result>;
  /** A short message in the panel's status line (failed requests…). */
  notify(message: string, kind?: 'info' | 'error'): void;
}
