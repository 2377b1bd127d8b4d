/**
 * The agent's tools' own bundle (dist/agent.js): the language model tools and the reports they
 * write. The extension registers the tools' names at activation and loads this the first time the
 * editor's agent calls one, which keeps dist/extension.js small.
 */
export { AgentTools } from './agent/agentTools';
