/**
 * The editor's agent: the language model tools are registered by the names package.json declares
 * (read from the manifest, so that dist/extension.js holds no list of its own; a unit test checks
 * that they are toolNames.ts's); their code loads when the agent first calls one.
 */
import * as vscode from 'vscode';
import { type Shared } from '../features';
import type { AgentTools, AgentToolDeps } from './agentTools';
import type { AgentToolName } from './toolNames';

export function registerAgent({ context, manager, log, prompter }: Shared, code: () => { AgentTools: typeof AgentTools }, links: Omit<AgentToolDeps, 'manager' | 'log' | 'prompter'>) {
  let instance: AgentTools | undefined;
  const tools = (): AgentTools => (instance ??= new (code().AgentTools)({ manager, log, prompter, ...links }));
  context.subscriptions.push(
    ...((context.extension.packageJSON as { contributes?: { languageModelTools?: { name: AgentToolName }[] } }).contributes?.languageModelTools ?? []).map(({ name }) =>
      vscode.lm.registerTool<unknown>(name, {
        prepareInvocation: (options, token) => tools().prepare(name, options.input, token),
        invoke: (options, token) => tools().invoke(name, options.input, token),
      }),
    ),
  );
  return { tools };
}
