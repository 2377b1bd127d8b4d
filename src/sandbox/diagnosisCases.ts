// Issue 24's demo: one subscriber per cause of a missed delivery, each with a run that the sandbox
// really runs (triggered at start, settled within seconds), so that "Why didn't they get it?" has
// something true to find, and each fix can be applied and sent again. Used by `npm run demo` and
// the diagnosis UI test (`diagnosisCases: true`); the other tests' data stays as it was.
import type { SandboxStore } from './store';
import { BOUNCING_EMAIL_DOMAIN } from './triggers';
import { SANDBOX_FIXTURES as F } from './fixtures';
import type { SubscriberInput } from './subscribers';
import type { Schedule, WeekDay } from './types';

/** The subscribers of the cases, by cause. */
export const DIAGNOSIS_CASES = {
  /** Email off for "Welcome onboarding" only (her workflow preference). */
  workflowPreferenceOff: 'diag-ada',
  /** Email off for every workflow; a critical workflow still reaches her. */
  globalPreferenceOff: 'diag-grace',
  noEmail: 'diag-linus',
  noPhone: 'diag-margaret',
  noPushToken: 'diag-alan',
  /** A delivery schedule closed now (open only two days ahead), in her own time zone. */
  outsideSchedule: 'diag-hedy',
  /** An address the provider refuses. */
  providerError: 'diag-katherine',
  /** A mistyped id: the trigger created this subscriber with nothing but its id. */
  mistypedId: 'diag-adaa',
  /** Her only chat is Microsoft Teams, active in Production only; Development's chat is Slack and Discord. */
  chatProviderInactive: 'diag-dorothy',
} as const;

const DAYS: readonly WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Open 09:00 to 17:00 on one day only: two days after today in `timezone`, so it is closed now. */
function closedNow(timezone: string, nowMs: number): Schedule {
  const today = new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'long' }).format(new Date(nowMs)).toLowerCase() as WeekDay;
  const open = DAYS[(DAYS.indexOf(today) + 2) % 7]!;
  return { isEnabled: true, weeklySchedule: Object.fromEntries(DAYS.map((d) => [d, d === open ? { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] } : { isEnabled: false }])) };
}

export function seedDiagnosisCases(store: SandboxStore, nowMs: number): void {
  const C = DIAGNOSIS_CASES;
  const welcome = store.workflows.find(F.workflowIdentifier)!;
  const orderShipped = store.workflows.find('order-shipped')!;
  const critical = store.workflows.find(F.criticalWorkflowIdentifier)!;
  const add = (input: SubscriberInput) => store.subscribers.upsert(input).subscriber;
  let n = 0;
  const run = (workflow: typeof welcome, subscriberId: string, payload: Record<string, string> = {}) => {
    const subscriber = store.subscribers.get(subscriberId)!;
    store.triggers.run({ workflow, subscriber, payload, transactionId: `txn-diag-${subscriberId}-${++n}` });
  };

  add({ subscriberId: C.workflowPreferenceOff, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@diagnosis.example', timezone: 'Europe/Paris' });
  store.preferences.patch(C.workflowPreferenceOff, { workflow: welcome, channels: { email: false } });
  run(welcome, C.workflowPreferenceOff);

  add({ subscriberId: C.globalPreferenceOff, firstName: 'Grace', lastName: 'Hopper', email: 'grace@diagnosis.example', phone: '+15555550111', timezone: 'America/New_York' });
  store.preferences.patch(C.globalPreferenceOff, { channels: { email: false } });
  run(welcome, C.globalPreferenceOff);
  run(critical, C.globalPreferenceOff, { resetUrl: 'https://app.diagnosis.example/reset' });

  add({ subscriberId: C.noEmail, firstName: 'Linus', lastName: 'Torvalds', timezone: 'Europe/Helsinki' });
  run(welcome, C.noEmail);

  add({ subscriberId: C.noPhone, firstName: 'Margaret', lastName: 'Hamilton', email: 'margaret@diagnosis.example' });
  run(orderShipped, C.noPhone, { orderId: 'SO-2001' });

  // A push channel set up by the app, but no device token registered on it.
  add({ subscriberId: C.noPushToken, firstName: 'Alan', lastName: 'Turing', email: 'alan@diagnosis.example', phone: '+15555550112' }).channels = [
    { providerId: 'fcm', integrationIdentifier: 'fcm-dev', credentials: { deviceTokens: [] }, _integrationId: '6615c0ffee00000000e10005' },
  ];
  run(orderShipped, C.noPushToken, { orderId: 'SO-2002' });

  add({ subscriberId: C.outsideSchedule, firstName: 'Hedy', lastName: 'Lamarr', email: 'hedy@diagnosis.example', timezone: 'America/Los_Angeles' });
  store.preferences.patch(C.outsideSchedule, { schedule: closedNow('America/Los_Angeles', nowMs) });
  run(welcome, C.outsideSchedule);

  add({ subscriberId: C.providerError, firstName: 'Katherine', lastName: 'Johnson', email: `katherine@${BOUNCING_EMAIL_DOMAIN}` });
  run(welcome, C.providerError);

  // A Teams webhook of her own: an active Slack in this environment does not send to it.
  add({ subscriberId: C.chatProviderInactive, firstName: 'Dorothy', lastName: 'Vaughan', email: 'dorothy@diagnosis.example' }).channels = [
    { providerId: 'msteams', credentials: { webhookUrl: 'https://teams.diagnosis.example/webhook/SECRET' }, _integrationId: '6615c0ffee00000000e10020' },
  ];
  run(store.workflows.find('comment-mention')!, C.chatProviderInactive);

  // The service creates an unknown recipient of a trigger with nothing but its id.
  add({ subscriberId: C.mistypedId });
  run(welcome, C.mistypedId);
}
