// A reporter for node's test runner (`--test-reporter=./test/fileTimes.mjs`): the milliseconds
// spent in each test file, summed over its top-level tests and suites (their hooks included), as
// one JSON object { file: ms }. npm test's summary names the slowest files from it (issue 45, D1).
export default async function* fileTimes(source) {
  const times = {};
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      const ms = Number(event.data.details?.duration_ms ?? 0);
      times[event.data.file] = (times[event.data.file] ?? 0) + ms;
    }
  }
  yield `${JSON.stringify(times)}\n`;
}
