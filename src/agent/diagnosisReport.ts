/**
 * The delivery diagnosis for the model (#novuDiagnose): the verdict and the fix in our own words,
 * then the chain, one line per link, with the service's values as data. Pure and vscode-free.
 */
import type { Diagnosis, Fix, LinkState } from '../diagnosis/diagnosisTypes';
import { l10n } from '../l10n';
import { compact, dataNote, whereLine, type Where } from './agentReports';
import { causeInWords } from './causeWords';
import { idInProse, quoted, report } from './agentText';

/**
 * A fix in words the model can relay, with the tool or command that does it. In our sentences
 * (`prose`) a service id stands only as a plain token; in the data it is quoted as it came.
 */
export function fixInWords(fix: Fix | undefined, prose = false): string | undefined {
  if (!fix) return undefined;
  const id = (value: string) => (prose ? idInProse(value) : quoted(value));
  switch (fix.kind) {
    case 'turnOn':
      return fix.workflowIdentifier
        ? l10n.t('turn {0} on for workflow {1} (tool novuExplorer_setChannelPreference, enabled true), then send again', fix.channel, id(fix.workflowIdentifier))
        : l10n.t('turn {0} on for every workflow (tool novuExplorer_setChannelPreference without a workflow, enabled true), then send again', fix.channel);
    case 'editSubscriber':
      return fix.field === 'email' ? l10n.t('set the subscriber\'s email (command "Novu: Diagnose Delivery…", then Edit Subscriber…), then send again') : l10n.t('set the subscriber\'s phone (command "Novu: Diagnose Delivery…", then Edit Subscriber…), then send again');
    case 'switchConnection':
      // The user's own name for one of their connections.
      return l10n.t('switch to the connection {0} (command "Novu: Switch Connection…") and ask again there', quoted(fix.connectionName));
    case 'sendAgain':
      return l10n.t('send notification {0} again (tool novuExplorer_sendNotificationAgain)', id(fix.notificationId));
    case 'sendAgainTo':
      return l10n.t('correct the subscriber ID the code sends to {0}, then send notification {1} to that subscriber (command "Novu: Diagnose Delivery…", then Send Again to…)', id(fix.subscriberId), id(fix.notificationId));
    case 'showTrigger':
      return l10n.t('look at the code that triggers workflow {0} (the user opens it from the diagnosis with Show the Trigger in Code)', id(fix.workflowIdentifier));
    case 'openNotification':
      return l10n.t('look at notification {0} (tool novuExplorer_explainNotification; the user opens it with novuExplorer.openNotification)', id(fix.notificationId));
    case 'showActivity':
      return l10n.t('look at the subscriber\'s runs (tool novuExplorer_findNotifications)');
    case 'setApiKey':
      return l10n.t('set a valid API key (command "Novu: Set API Key")');
    case 'showIntegrations':
      return l10n.t('activate an integration for the channel in the service (tool novuExplorer_activeIntegrations shows what is active)');
    case 'searchElsewhere':
      return l10n.t('check the response the code got from its trigger call, and look in the other connections');
  }
}

const STATE_MARK: Record<LinkState, string> = { ok: '✓', broken: '✗', warning: '!', unknown: '?', pending: '…' };

/**
 * The verdict in our own words: whether the latest run proves it, the channel, and the kind of
 * cause (causeInWords). The diagnosis's own sentence quotes the service (a workflow's name, a
 * provider's rejection, a person's name): it is the verdict line of the data.
 */
function verdictInWords(diagnosis: Diagnosis): string {
  const v = diagnosis.verdict;
  // A channel is one of CHANNEL_TYPES (the model keeps no other); the latest run proves only a channel step.
  const channel = diagnosis.channel ?? l10n.t({ message: 'channel', comment: 'its channel step: a step of an unknown channel' });
  const cause = (kind = v.cause) => (kind ? causeInWords(kind, diagnosis.channel, diagnosis.subscriberId) : l10n.t('the run says why'));
  if (v.proven) {
    switch (v.state) {
      case 'broken':
        return l10n.t('Verdict (proven by the latest run): its {0} step did not reach the subscriber: {1}. The service\'s own words are the verdict line of the data.', channel, cause());
      case 'warning':
        return l10n.t('Verdict (proven by the latest run): its {0} step did not reach the subscriber: {1}. That is fine now: sending again should deliver it. The service\'s own words are the verdict line of the data.', channel, cause());
      case 'unknown':
        return l10n.t('Verdict (proven by the latest run): its {0} step did not reach the subscriber: {1}. Whether that still holds could not be checked; why is the verdict line of the data.', channel, cause());
      default:
        return l10n.t('Verdict (proven by the latest run): its {0} step was sent. Sent is not delivered: the provider\'s answer, when the run has it, is in the verdict line of the data.', channel);
    }
  }
  const link = v.link;
  switch (v.state) {
    case 'pending':
      return l10n.t('Verdict: still checking.');
    case 'ok':
      return diagnosis.channel ? l10n.t('Verdict (inferred from the settings): nothing in the chain stops {0} delivery.', diagnosis.channel) : l10n.t('Verdict (inferred from the settings): nothing in the chain stops delivery.');
    case 'broken':
      if (v.fixedCause) {
        return l10n.t('Verdict: the latest run\'s {0} step did not reach the subscriber because {1}; that is fixed now, but the next run would still not go out: {2}. The service\'s own words are the verdict line of the data.', channel, causeInWords(v.fixedCause, diagnosis.channel, diagnosis.subscriberId), cause());
      }
      return v.cause
        ? l10n.t('Verdict (inferred from the settings): {0}. The service\'s own words are the verdict line of the data.', capitalized(cause()))
        : l10n.t('Verdict (inferred from the settings): the chain breaks. The cause, in the service\'s words, is the verdict line of the data.');
    case 'warning':
      return v.cause
        ? l10n.t('Verdict (inferred from the settings): nothing is broken, but {0}, which may stop delivery. The service\'s own words are the verdict line of the data.', cause())
        : l10n.t('Verdict (inferred from the settings): nothing is broken, but something may stop delivery. Why, in the service\'s words, is the verdict line of the data.');
    case 'unknown':
      return link
        ? l10n.t('Verdict (inferred from the settings): not everything could be checked, first the link {0}. Why is the verdict line of the data.', quoted(link))
        : l10n.t('Verdict (inferred from the settings): not everything could be checked. Why is the verdict line of the data.');
  }
}

/** A clause as the start of a sentence. */
function capitalized(clause: string): string {
  return clause.charAt(0).toUpperCase() + clause.slice(1);
}

/** The diagnosis for the model: the verdict first, then one line per link of the chain. */
export function diagnosisReport(where: Where, diagnosis: Diagnosis): string {
  const v = diagnosis.verdict;
  const fix = fixInWords(v.fix, true);
  const lead = [
    whereLine(where),
    verdictInWords(diagnosis),
    ...(fix ? [l10n.t('Fix: {0}.', fix)] : []),
    l10n.t('The chain, in order (✓ fine, ✗ broken, ! warning, ? could not be checked, with the reason). Each line has the service\'s values as evidence.'),
    dataNote(),
  ];
  return report({
    lead,
    label: 'diagnosis',
    records: [
      compact({ verdict: v.text, state: STATE_MARK[v.state], proven: v.proven, cause: v.cause, fix: fixInWords(v.fix) }),
      ...diagnosis.links.map((link) =>
        compact({
          link: link.id,
          state: STATE_MARK[link.state],
          summary: link.summary,
          evidence: link.evidence.length > 0 ? Object.fromEntries(link.evidence.map((e) => [e.label, e.value])) : undefined,
          fix: fixInWords(link.fix),
        }),
      ),
    ],
    leftOut: (n) => l10n.t('{0} links are left out of this answer to keep it short.', n),
    tail: [l10n.t('The user can open the same diagnosis with the command "Novu: Diagnose Delivery…" (novuExplorer.diagnoseDelivery).')],
  });
}
