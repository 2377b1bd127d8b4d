// The failed tests of a TAP report from node's test runner, by name (test/runAll.mjs lists them in
// its summary: a count alone sends one searching a long log for the ✖).

/**
 * The failed tests of a TAP report from node's test runner, each by its suites' titles and its own
 * ("failures by cause (dark) › shows the causes…"), with its file and line and the first line of
 * its error. A suite that failed only because a test in it did is not listed again; a suite whose
 * own hook failed is.
 */
export function tapFailures(text) {
  const lines = text.split('\n');
  const failures = [];
  /** The titles of the subtests open at each indentation (node prints `# Subtest: title` before each). */
  const open = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const subtest = /^(\s*)# Subtest: (.*)$/.exec(line);
    if (subtest) {
      const depth = subtest[1].length / 4;
      open.length = depth;
      open[depth] = subtest[2];
      continue;
    }
    const notOk = /^(\s*)not ok \d+ - (.*?)(?: # .*)?$/.exec(line);
    if (!notOk) continue;
    const depth = notOk[1].length / 4;
    // Its YAML block: the failure's type, its location and its error.
    const yaml = [];
    for (let j = i + 1; j < lines.length && !/^\s*(\.\.\.|(?:not )?ok \d+ )/.test(lines[j]); j++) yaml.push(lines[j]);
    const field = (key) => {
      const at = yaml.findIndex((l) => l.trim().startsWith(`${key}:`));
      if (at < 0) return '';
      const value = yaml[at].trim().slice(key.length + 1).trim();
      // A block scalar (|-): its first line.
      return (/^[|>][-+]?$/.test(value) ? (yaml[at + 1] ?? '').trim() : value).replace(/^'(.*)'$/, '$1');
    };
    if (field('failureType') === 'subtestsFailed') continue;
    const title = [...open.slice(0, depth), notOk[2]].filter(Boolean).join(' › ');
    const location = field('location').replace(/^.*\/(test\/)/, '$1');
    failures.push({ title: `${title}${location ? ` (${location})` : ''}`, error: field('error').slice(0, 300) });
  }
  return failures;
}
