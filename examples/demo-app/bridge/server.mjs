// The demo's bridge app: Express 4 with @novu/framework's `serve()` at /api/novu, listening on
// 127.0.0.1 only. run.mjs starts it in a child process (and again after each save) with:
//   NOVU_DEMO_WORKFLOWS  the compiled src/novu/index.ts (it exports `workflows`), or none: then an IPC
//                        message { bundle } names it
//   PORT                 the port to listen on (0: a free one, said in the `listening` message)
//   NOVU_SECRET_KEY      the environment's secret key: the bridge checks request signatures with it
//   NODE_ENV, NOVU_STRICT_AUTHENTICATION_ENABLED   whether it checks them (production / "true": it does)
// Express, the framework and zod come from the repository root's node_modules (its devDependencies).
import express from 'express';
import { serve } from '@novu/framework/express';
import { pathToFileURL } from 'node:url';

// Started ahead (run.mjs keeps one ready for the next save), it has Express and the framework loaded
// and is told which compiled workflows to serve when a save comes.
const bundle = process.env.NOVU_DEMO_WORKFLOWS || (await new Promise((resolve) => process.once('message', (message) => resolve(message.bundle))));
const { workflows } = await import(pathToFileURL(bundle).href);

const app = express();
// The framework signs over the parsed body: without express.json() every signed POST is refused.
app.use(express.json({ limit: '2mb' }));
app.use('/api/novu', serve({ workflows }));

const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => {
  const { port } = server.address();
  console.log(`bridge on http://127.0.0.1:${port}/api/novu (${workflows.length} workflows, NODE_ENV=${process.env.NODE_ENV})`);
  process.send?.({ type: 'listening', port });
});
server.on('error', (error) => {
  console.error(`bridge could not listen: ${error.message}`);
  process.exit(1);
});
// Started by run.mjs: when it goes away (even killed), so does the app.
process.on('disconnect', () => process.exit(0));
