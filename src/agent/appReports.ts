/**
 * The user's own app for the model: a step it rendered (#novuPreview) and its state against the
 * environment (#novuApp), our sentences first and the app's own text as data. Pure and vscode-free.
 */
import type { AgentApp } from '../app/agentApp';
import type { AgentPreview } from '../preview/agentPreview';
import { htmlToText } from '../rendered/htmlText';
import { l10n } from '../l10n';
import { compact, dataNote, dataTooLong, whereLine, type Where } from './agentReports';
import { report } from './agentText';

/**
 * A step rendered by the user's own app (#novuPreview): which renderer, then the message as data:
 * the subject, the body as plain text (tags removed) and its links, or the in-app buttons, the SMS
 * with its segments. A failure says what happened in our words; the app's own text is data.
 */
export function previewReport(where: Where, preview: AgentPreview): string {
  if (preview.kind === 'failed') {
    return report({
      lead: [whereLine(where), l10n.t('FAILED: the step could not be rendered. What happened is in the data block, with what to try.'), dataNote()],
      label: 'failure',
      records: [compact({ failure: preview.text, more: preview.more.length > 0 ? preview.more : undefined, payloadProblems: preview.atKeys.length > 0 ? preview.atKeys : undefined })],
      leftOut: () => dataTooLong(),
    });
  }
  const m = preview.model;
  const message: Record<string, unknown> =
    m.kind === 'email'
      ? { subject: m.subject, text: htmlToText(m.html), links: m.links.slice(0, 20).map((l) => compact({ text: l.text || undefined, href: l.href, unsafe: l.unsafe || undefined })), remoteImages: m.remoteImages }
      : m.kind === 'inApp'
        ? compact({
            subject: m.subject,
            body: m.body,
            avatar: m.avatar?.url,
            primaryAction: m.primary ? compact({ label: m.primary.label, url: m.primary.url, unsafe: m.primary.unsafe || undefined }) : undefined,
            secondaryAction: m.secondary ? compact({ label: m.secondary.label, url: m.secondary.url, unsafe: m.secondary.unsafe || undefined }) : undefined,
            redirect: m.redirect?.url,
          })
        : m.kind === 'sms'
          ? { text: m.text, characters: m.characters, encoding: m.encoding, segments: m.segments }
          : m.kind === 'push'
            ? { title: m.title, text: m.text }
            : m.kind === 'chat'
              ? compact({ text: m.text, card: m.card })
              : { settings: m.settings };
  const lead = [
    whereLine(where),
    l10n.t('{0} (step type {1}). The rendered message is in the data block.', preview.renderer, preview.type),
    ...(m.kind === 'settings' ? [m.note] : []),
    ...(preview.skip ? [l10n.t('The step has a skip condition: a preview does not evaluate it, so the real run may skip this step.')] : []),
    dataNote(),
  ];
  return report({ lead, label: 'preview', records: [{ workflowId: preview.workflowId, stepId: preview.stepId, ...message }], leftOut: () => dataTooLong(), tail: [l10n.t('The user sees it in the editor with the command novuExplorer.previewStep.')] });
}

/**
 * The user's app against the environment (#novuApp): our summary of its state and the key check,
 * then each workflow that differs, as data. Read-only: a sync is the user's, after a review.
 */
export function appReport(where: Where, app: AgentApp): string {
  return report({
    lead: [
      whereLine(where),
      l10n.t('The app row of the Workflows view, checked now: it is in the data block with what was checked, then one line per workflow that differs between the app and this environment.'),
      l10n.t('A sync is never done by this tool: the user runs "Novu: Sync Workflows…" (novuExplorer.syncWorkflows), which shows what it creates, updates and deletes first.'),
      dataNote(),
    ],
    label: 'app',
    records: [{ app: app.summary, checked: app.details }, ...app.drift],
    leftOut: (n) => l10n.t('{0} workflows that differ are left out of this answer to keep it short.', n),
  });
}
