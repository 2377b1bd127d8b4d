/** Row actions of the Integrations view. Credentials are already masked in the nodes. */
import * as vscode from 'vscode';
import { maskedCredentialsObject } from '../api';
import type { JsonDocuments } from '../ui/jsonDocuments';
import type { IntegrationNode } from './integrationsProvider';
import { copyAndSay } from '../ui/clipboard';

export class IntegrationCommands {
  constructor(private readonly json: JsonDocuments) {}

  async copyIdentifier(node: IntegrationNode | undefined): Promise<void> {
    const identifier = node?.integration.identifier;
    if (!identifier) return;
    await copyAndSay(identifier, vscode.l10n.t('Copied integration identifier {0}', identifier));
  }

  async openJson(node: IntegrationNode | undefined): Promise<void> {
    if (!node) return;
    const { credentialFields, credentials: _dropped, ...rest } = node.integration;
    await this.json.open('integration', node.integration.identifier ?? node.integration.providerId, { ...rest, credentials: maskedCredentialsObject(credentialFields) });
  }
}
