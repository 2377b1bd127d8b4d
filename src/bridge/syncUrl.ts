/**
 * The bridge URL a sync would store, checked before asking (contract §9.5): the service refuses
 * localhost, loopback, private-network, link-local and cloud metadata addresses for `validate`,
 * `sync` and `bridgeUrl` (its guards against server-side request forgery), so a local app is synced
 * only through a public tunnel URL. A self-hosted service may allow private addresses
 * (`NOVU_SAFE_OUTBOUND_ALLOW`): its own 400 stays the last word. Pure: no vscode.
 */
import { l10n } from '../l10n';
import { classifyHost, hostOf } from './addressRule';

/**
 * Why the service will refuse this bridge URL, in words for the field; undefined for a public
 * http(s) URL without credentials.
 */
export function syncUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return url.trim() === ''
      ? l10n.t("Enter the public URL of your app's bridge, such as https://example.ngrok.app/api/novu.")
      : l10n.t("This is not a URL: enter the public URL of your app's bridge, such as https://example.ngrok.app/api/novu.");
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return l10n.t('The bridge URL must start with https:// or http://.');
  if (parsed.username !== '' || parsed.password !== '') {
    return l10n.t('The bridge URL must not carry a user name or password: the service signs its requests with the secret key instead.');
  }
  const host = hostOf(url)?.shown ?? '';
  switch (classifyHost(url)) {
    case 'invalid':
      return l10n.t("This is not a URL: enter the public URL of your app's bridge, such as https://example.ngrok.app/api/novu.");
    case 'loopback':
      return l10n.t('The service refuses addresses on this machine ({0}): use a public tunnel URL, such as the one `npx novu dev` prints.', host);
    case 'private':
      return l10n.t('The service refuses private-network addresses ({0}): use a public tunnel URL, such as the one `npx novu dev` prints.', host);
    case 'linkLocal':
      return l10n.t('The service refuses link-local addresses ({0}): use a public tunnel URL, such as the one `npx novu dev` prints.', host);
    case 'metadata':
      return l10n.t("The service refuses cloud metadata addresses ({0}): use your app's public URL.", host);
    case 'public':
      return undefined;
  }
}
