// A @web/test-runner reporter, beside the default one (web-test-runner.config.mjs): at the end of a
// run, the test files that took longest in each engine, each the sum of its tests' durations (the
// page's load is not counted), and each engine's total. Where the browser suite's time goes, and
// what ONE_ENGINE in the config is weighed with.
const SHOWN = 12;

/** Every test's duration in a session's results, in ms. */
function testMs(suite) {
  if (!suite) return 0;
  return suite.tests.reduce((sum, test) => sum + (test.duration ?? 0), 0) + suite.suites.reduce((sum, child) => sum + testMs(child), 0);
}

export function fileTimesReporter() {
  return {
    stop({ sessions }) {
      const byEngine = new Map();
      for (const session of sessions) {
        const engine = session.browser.name;
        if (!byEngine.has(engine)) byEngine.set(engine, []);
        byEngine.get(engine).push([session.testFile, testMs(session.testResults)]);
      }
      const lines = [];
      for (const [engine, files] of byEngine) {
        const total = files.reduce((sum, [, ms]) => sum + ms, 0);
        lines.push(
          `\n${engine}: ${files.length} files, their tests ${(total / 1000).toFixed(0)} s; the ${Math.min(SHOWN, files.length)} slowest:`,
        );
        for (const [file, ms] of files.sort((a, b) => b[1] - a[1]).slice(0, SHOWN))
          lines.push(`  ${(ms / 1000).toFixed(0).padStart(5)} s  ${file.replace(`${process.cwd()}/`, '')}`);
      }
      console.log(lines.join('\n'));
    },
  };
}
