// The planned differences between the Sandbox's Development and Production environments (issue 52),
// written down once from src/sandbox/productionSeed.ts's plan, not from the comparer's output: what
// a comparison Development → Production must find, mark by mark and finding by finding.

/** workflowId → [mark, kind, workflow-level fields that differ, step changes as `stepId action newIndex→previousIndex [control keys]`]. */
export const PLANNED_WORKFLOWS: Record<string, [string, string, string[], string[]]> = {
  'welcome-onboarding': ['stepOrder', 'dashboard', [], ['in-app-step moved 0→1 []', 'email-step moved 1→0 []']],
  'password-reset': ['same', 'dashboard', [], []],
  'weekly-digest': ['differs', 'dashboard', ['preferences.default.channels.email.enabled', 'isTranslationEnabled'], ['email-step modified 1→1 [subject]']],
  'order-shipped': ['same', 'code', [], []],
  'comment-mention': ['notInTarget', 'dashboard', [], []],
  'billing-receipt': ['differs', 'code', ['preferences.default.channels.email'], ['email-step added 0→- []']],
  'marketing-newsletter': ['same', 'legacy', [], []],
  'system-maintenance': ['differs', 'dashboard', [], ['email-step modified 1→1 [subject,layoutId]']],
  'invoice-paid': ['differs', 'code', ['payloadSchema.properties.customer.properties.email', 'payloadSchema.properties.sendReceipt'], []],
  invoiceReminders: ['differs', 'dashboard', ['validatePayload', 'payloadSchema.required.0', 'payloadSchema.required.1'], []],
  'trial-ending': ['differs', 'dashboard', ['active'], []],
  'holiday-promo': ['onlyInTarget', 'dashboard', [], []],
};

/** layoutId → [mark, fields]. */
export const PLANNED_LAYOUTS: Record<string, [string, string[]]> = {
  'brand-footer': ['notInTarget', []],
  minimal: ['differs', ['controls.values.email.body']],
  'legacy-header': ['onlyInTarget', []],
};

export const PLANNED_COUNTS = { notInTarget: 2, onlyInTarget: 2, differs: 7, stepOrder: 1, same: 3, notRead: 0 };

/** Integrations by channel: `providerId active/primary` on each side (sorted), every channel differing. */
export const PLANNED_CHANNELS: Record<string, [string[], string[]]> = {
  email: [['mailgun on', 'postmark on', 'sendgrid on primary'], ['novu-email on primary']],
  sms: [['twilio on primary'], ['twilio on']],
  in_app: [['novu on primary'], ['novu on primary']],
  push: [['fcm on primary'], ['expo on primary']],
  chat: [['discord on', 'slack on primary'], ['msteams on primary']],
};

/** Each finding as `id level workflowId/layoutId[/stepId] failure fix`, blocking first. */
export const PLANNED_FINDINGS: string[] = [
  'R1 blocking comment-mention 422 workflow_not_found publish',
  'R2 blocking trial-ending 201 trigger_not_active publish',
  'R3 blocking billing-receipt 201 no_workflow_steps_defined sync',
  'R4 blocking system-maintenance/sms-step Subscriber does not have an active integration integrations:sms',
  'R4 blocking order-shipped/sms-step Subscriber does not have an active integration integrations:sms',
  'R4 blocking password-reset/sms-step Subscriber does not have an active integration integrations:sms',
  'R5 blocking system-maintenance/email-step Layout not found layouts:brand-footer',
  'R6 warning minimal layoutDiffers layouts:minimal',
  'R7 warning invoiceReminders 400 Payload validation failed root.invoiceNumber publish',
  'R8 warning invoiceReminders 400 Payload validation failed publish',
  'R9 warning invoice-paid failedRun sync',
  'R10 warning trial-ending invalidContent publish',
  'R11 warning billing-receipt preferencesDiffer sync',
  'R11 warning weekly-digest preferencesDiffer publish',
  'R12 warning weekly-digest defaultLocale translations:weekly-digest',
  'R12 warning password-reset defaultLocale translations:password-reset',
  'R13 warning email demoProvider integrations:email',
];

/** Translations (§10.7): workflowId → [source locales, target locales, lacking, outdated, differs]; null: not enabled. */
export const PLANNED_TRANSLATIONS: Record<string, [string[] | null, string[] | null, string[], string[], boolean]> = {
  'password-reset': [['en_US', 'fr_FR', 'de_DE'], ['en_US', 'de_DE'], ['fr_FR'], ['de_DE'], true],
  'weekly-digest': [['en_US', 'es_ES'], null, [], [], true],
};

/** The workflows with translations enabled, whose groups a side reads: Development two, Production one. */
export const PLANNED_TRANSLATION_GROUPS = { development: 2, production: 1 };

/** §10.2's count for one side: 2 + ⌈W/100⌉ + W + ⌈L/100⌉ + L + 1, and T translation groups (§10.7). */
export function plannedRequests(workflows: number, layouts: number, translationGroups = 0): number {
  return 2 + Math.ceil(workflows / 100) + workflows + Math.ceil(layouts / 100) + layouts + 1 + translationGroups;
}
