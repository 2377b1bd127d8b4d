/** The checks of a rendered step (issue 46, §4 and §5): one set, for the Preview and every runner. Pure: no vscode. */
export { CHECK_IDS, DEFAULT_CHECKS_SETTINGS, DEFAULT_EMAIL_CLIENTS, DEFAULT_LEVELS, DEFAULT_SMS_MAX_SEGMENTS, readChecksSettings } from './checkLevels';
export type { CheckId, CheckLevel, ChecksSettings, Finding, FindingWhere } from './checkLevels';
export type { CanIEmail, CanIEmailAnswer } from './clientSupport';
export { GMAIL_CLIP_BYTES } from './emailChecks';
export { checkStep, type StepToCheck } from './stepChecks';
