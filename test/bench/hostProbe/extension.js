// Benchmark only (issue 55): commands on the extension host, which is one process for every
// extension (what they measure is Novu Explorer's with VS Code's own and this probe's):
// - Report the Extension Host's Heap: collects the garbage (twice: what a first pass frees can free
//   more) and writes the heap still used, in bytes, to BENCH_HEAP_OUT;
// - List the Extension Host's Bundles: the files of any dist/ folder loaded so far, to BENCH_MODULES_OUT
//   (which of Novu Explorer's bundles a first load needed);
// - Start / Write the Extension Host's Profile: a CPU profile (V8's sampler, 200 µs) between the two,
//   written to BENCH_PROFILE_OUT with a clock to place it on the wall clock. With BENCH_PROFILE_STARTUP=1 one starts as the probe activates
//   (at start-up, before the extensions that activate after it), so that it covers their activation.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS extension, loaded as it is
const vscode = require('vscode');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the same
const { writeFileSync } = require('node:fs');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the same
const { Session } = require('node:inspector');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the same
const { setFlagsFromString } = require('node:v8');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the same
const { runInNewContext } = require('node:vm');

exports.activate = (context) => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  let session;
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  const startProfile = async () => {
    if (session) return;
    session = new Session();
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
  };
  if (process.env.BENCH_PROFILE_STARTUP === '1') void startProfile();
  context.subscriptions.push(
    vscode.commands.registerCommand('benchHostProbe.heap', async () => {
      // Whatever the command's own call left pending settles first.
      await new Promise((resolve) => setTimeout(resolve, 50));
      gc();
      gc();
      const { heapUsed } = process.memoryUsage();
      writeFileSync(process.env.BENCH_HEAP_OUT, JSON.stringify({ heapUsed, at: Date.now() }));
    }),
    vscode.commands.registerCommand('benchHostProbe.modules', () => {
      const loaded = Object.keys(require.cache).filter((file) => /[\\/]dist[\\/][^\\/]+\.js$/.test(file));
      writeFileSync(process.env.BENCH_MODULES_OUT, JSON.stringify(loaded));
    }),
    vscode.commands.registerCommand('benchHostProbe.startProfile', startProfile),
    vscode.commands.registerCommand('benchHostProbe.stopProfile', async () => {
      if (!session) return;
      const { profile } = await post('Profiler.stop');
      session.disconnect();
      session = undefined;
      // The profile's times are V8's monotonic clock (microseconds), as process.hrtime's: with the
      // wall clock of the same moment, a bench puts them on its own time line.
      const clock = { monotonicUs: Number(process.hrtime.bigint() / 1000n), epochMs: performance.timeOrigin + performance.now() };
      writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify({ profile, clock }));
    }),
  );
};
