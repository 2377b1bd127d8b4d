/**
 * Each kind of cause the delivery diagnosis knows, in our own words for the model: what stops (or
 * stopped) the delivery, with no string of the service's in it (no provider, workflow or person:
 * those stay in the data). A channel is one of the model's channel types; the subscriber ID is the
 * one the tool was asked about. Pure and vscode-free.
 */
import type { DiagnosisCause } from '../diagnosis/diagnosisTypes';
import { l10n } from '../l10n';
import { quoted } from './agentText';

/** The cause as a clause ("the subscriber has no email address"), for the verdict line. */
export function causeInWords(cause: DiagnosisCause, channel: string | undefined, subscriberId: string): string {
  const ch = channel ?? l10n.t({ message: 'a channel', comment: 'what a cause names when the diagnosis has no channel' });
  const id = quoted(subscriberId);
  switch (cause) {
    case 'preferenceGlobal':
      return l10n.t('the subscriber turned {0} off for every workflow (their global preference)', ch);
    case 'preferenceWorkflow':
      return l10n.t('the subscriber turned {0} off for this workflow', ch);
    case 'workflowDefault':
      return l10n.t('the workflow has {0} off by default', ch);
    case 'workflowDashboard':
      return l10n.t('the workflow\'s preferences, set in the dashboard, turn {0} off', ch);
    case 'condition':
      return l10n.t('the step\'s condition was false, so the step was skipped');
    case 'legacyCondition':
      return l10n.t('the step\'s conditions (filters) did not match, so the step was skipped');
    case 'schedule':
      return l10n.t('it fell outside the subscriber\'s delivery schedule');
    case 'missingEmail':
      return l10n.t('the subscriber has no email address');
    case 'missingPhone':
      return l10n.t('the subscriber has no phone number');
    case 'missingAddress':
      return l10n.t('the subscriber has no {0} address', ch);
    case 'missingWebhook':
      return l10n.t('the subscriber has no webhook URL for chat');
    case 'noChannel':
      return l10n.t('the subscriber has no {0} channel set up', ch);
    case 'noSenderNumber':
      return l10n.t('the SMS integration has no sender number');
    case 'missingPushToken':
      return l10n.t('the subscriber has no push device token');
    case 'noUsableChannel':
      return l10n.t('none of the subscriber\'s {0} channels could be used', ch);
    case 'noIntegration':
      return l10n.t('there is no active {0} integration to send it in this environment', ch);
    case 'providerNotActive':
      return l10n.t('the subscriber\'s own {0} provider has no active integration in this environment', ch);
    case 'providerError':
      return l10n.t('the provider refused the message (its own words are in the data)');
    case 'providerEvent':
      return l10n.t('the provider took the message, then reported it failed (bounced, dropped, rejected, blocked or spam)');
    case 'allChannelsFailed':
      return l10n.t('every {0} channel of the subscriber failed', ch);
    case 'contentFailed':
      return l10n.t('the message content could not be rendered');
    case 'bridgeFailed':
      return l10n.t('the step could not be rendered: for a code workflow, its bridge endpoint failed or could not be reached');
    case 'demoProviderLimit':
      return l10n.t('a limit of Novu\'s built-in demo provider was reached');
    case 'previousStepFailed':
      return l10n.t('an earlier step failed, so this one was canceled');
    case 'throttled':
      return l10n.t('the throttle limit for the window was reached, so the step was skipped');
    case 'keyRefused':
      return l10n.t('the service refused this connection\'s API key: nothing can be checked until it is replaced');
    case 'subscriberNotFound':
      return l10n.t('subscriber {0} was not found in this connection', id);
    case 'subscriberElsewhere':
      return l10n.t('subscriber {0} was not found in this connection; it exists in another saved connection (named in the fix)', id);
    case 'createdByTrigger':
      return l10n.t('subscriber {0} was created by a trigger with nothing but its ID: likely a mistyped ID or the wrong environment', id);
    case 'mistypedId':
      return l10n.t('subscriber {0} was created by this trigger with nothing but its ID, and a subscriber with a close ID exists: the ID the code sends is likely mistyped', id);
    case 'workflowNotFound':
      return l10n.t('the workflow asked about was not found in this connection: a trigger naming it is refused and leaves no run');
    case 'workflowInactive':
      return l10n.t('the workflow is inactive: its triggers start no run');
    case 'noChannelStep':
      return l10n.t('the workflow has no {0} step', ch);
    case 'workflowError':
      return l10n.t('a step of the workflow has invalid controls (status ERROR)');
    case 'stepIntegrationIssue':
      return l10n.t('the service says the {0} step has no integration to send with', ch);
    case 'hasCondition':
      return l10n.t('the {0} step has a condition: it runs only when the condition holds', ch);
    case 'noRuns':
      return l10n.t('no run for this subscriber was found in the time range: a trigger the service refused leaves none');
    case 'noStepInRun':
      return l10n.t('the latest run has no {0} step', ch);
    case 'failedNoCause':
      return l10n.t('the {0} step failed, with a detail that names no known cause (it is in the data)', ch);
    case 'canceledNoCause':
      return l10n.t('the {0} step was canceled, and no detail says why', ch);
    case 'stillMoving':
      return l10n.t('the latest run is still moving: its {0} step has not finished', ch);
    case 'scheduleClosed':
      return l10n.t('the subscriber\'s delivery schedule is closed now: steps wait for it or are skipped');
    case 'noPrimary':
      return l10n.t('several active integrations of a channel and none primary: the service sends email and SMS only through a primary one');
    case 'channelsUncovered':
      return l10n.t('some channels have no active integration');
    case 'notChecked':
      return l10n.t('it could not be checked');
    case 'inboxArchived':
      return l10n.t('the message was archived in the Inbox (it shows under Archived only)');
    case 'inboxSnoozed':
      return l10n.t('the message is snoozed in the Inbox (it shows under Snoozed until then)');
    case 'topicFiltered':
      return l10n.t('a send to a topic the subscriber is subscribed to left them out (a condition, a preference or the context)');
    case 'inboxMissing':
      return l10n.t('the in-app message is no longer in the Inbox (deleted)');
    case 'sent':
      return l10n.t('it was sent');
  }
}
