/** The app row's words, from the app's state (issue 33): pure, so that every state's words are tested in plain Node. */
import { l10n } from '../l10n';
import type { AppStatus } from './appState';

/** The app row's words: "Your app · localhost:4000 · framework 2.13.2 · 6 workflows · Development's key ✓". */
export function appRowText(status: AppStatus, connectionName: string | undefined, bridgeHost: (url: string) => string, language?: string): { label: string; description: string; tooltip: string; icon: string; problem: boolean } {
  const name = connectionName ?? l10n.t('this connection');
  if (status.kind === 'unknown') return { label: l10n.t('Your app'), description: l10n.t('checking…'), tooltip: '', icon: 'loading~spin', problem: false };
  const host = bridgeHost(status.url);
  const checked = l10n.t('Checked at {0}.', new Date(status.checkedAt).toLocaleTimeString(language));
  if (status.kind === 'down') {
    return { label: l10n.t('Your app'), description: l10n.t('not running at {0}', host || '?'), tooltip: `${status.why}\n${checked}`, icon: 'debug-disconnect', problem: true };
  }
  const parts = [host, ...(status.frameworkVersion ? [l10n.t('framework {0}', status.frameworkVersion)] : [])];
  if (status.workflows) parts.push(status.workflows.length === 1 ? l10n.t('1 workflow') : l10n.t('{0} workflows', status.workflows.length));
  const lines: string[] = [l10n.t('Your app answers at {0} (health-check).', status.url)];
  let problem = false;
  switch (status.key.kind) {
    case 'matches':
      parts.push(l10n.t("{0}'s key ✓", name));
      lines.push(l10n.t("A discover signed with {0}'s key passed, and an unsigned one was refused.", name));
      break;
    case 'unchecked':
      parts.push(l10n.t('signatures not checked'));
      lines.push(l10n.t('Your app does not check signatures (NODE_ENV is development, or NOVU_STRICT_AUTHENTICATION_ENABLED is set but not `true`): the key cannot be confirmed.'));
      break;
    case 'otherConnection':
      problem = true;
      parts.push(l10n.t("running with {0}'s key", status.key.connectionName));
      lines.push(l10n.t("Your app runs with {0}'s key; this connection is {1}.", status.key.connectionName, name));
      break;
    case 'noneOfYours':
      problem = true;
      parts.push(l10n.t('another key'));
      lines.push(l10n.t('Your app runs with a key of none of your connections: every signed call fails (SignatureMismatchError).'));
      break;
  }
  const drifted = (status.drift ?? []).filter((e) => e.kind !== 'same' && e.kind !== 'notCompared');
  if (drifted.length > 0) parts.push(drifted.length === 1 ? l10n.t('1 difference') : l10n.t('{0} differences', drifted.length));
  // A workflow whose schemas could not be compared is not "the same": the row says how many, its children which.
  const uncompared = (status.drift ?? []).filter((e) => e.kind === 'notCompared').length;
  if (uncompared > 0) parts.push(uncompared === 1 ? l10n.t('1 not compared') : l10n.t('{0} not compared', uncompared));
  if (status.driftProblem) lines.push(status.driftProblem);
  if (status.syncedUrl) {
    lines.push(l10n.t('The environment calls your app at {0} (its last sync).', status.syncedUrl));
    if (status.syncedReachable !== undefined) lines.push(status.syncedReachable ? l10n.t('The service can reach it.') : l10n.t('The service cannot reach it: its runs of code workflows fail until it answers.'));
  }
  lines.push(checked);
  return { label: l10n.t('Your app'), description: parts.join(' · '), tooltip: lines.join('\n'), icon: problem ? 'warning' : 'vm-running', problem };
}
