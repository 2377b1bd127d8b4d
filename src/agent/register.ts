/** The editor's agent: the language model tools are registered by name; their code loads when the agent first calls one. */
import * as vscode from 'vscode';
import { type Shared } from '../features';
import type { AgentTools, AgentToolDeps } from './agentTools';
import { AGENT_TOOLS } from './toolNames';

export function registerAgent({ context, manager, log, prompter }: Shared, code: () => { AgentTools: typeof AgentTools }, links: Omit<AgentToolDeps, 'manager' | 'log' | 'prompter'>) {
  let instance: AgentTools | undefined;
  const tools = (): AgentTools => (instance ??= new (code().AgentTools)({ manager, log, prompter, ...links }));
  context.subscriptions.push(
    ...Object.values(AGENT_TOOLS).map((name) =>
      vscode.lm.registerTool<unknown>(name, {
        prepareInvocation: (options, token) => tools().prepare(name, options.input, token),
        invoke: (options, token) => tools().invoke(name, options.input, token),
      }),
    ),
  );
  return { tools };
}
