// What a failed step of npm test (scripts/test.mjs) said of its failures, printed again at the end of
// the run: a CI log is often kept only by its tail, and a step that ended early in a long run is
// otherwise far above it.

/**
 * What a failed step's output says of its failures: each block Node's spec reporter starts with
 * "✖ failing tests:" (one per test run: the proxy's runs on other Node lines print one each), with
 * the line that names the run before it; else the lines web-test-runner marks as failed and, when
 * nothing is marked, the output's last lines. At most DIGEST_LINES lines.
 */
const DIGEST_LINES = 200;
export function failureDigest(output) {
  const lines = output.split('\n');
  const picked = [];
  lines.forEach((line, i) => {
    if (line.startsWith('==== ')) picked.push(line);
    else if (/^\s*✖ failing tests:/.test(line)) {
      let end = i + 1;
      while (end < lines.length && !/^(==== |ℹ tests )/.test(lines[end])) end++;
      picked.push(...lines.slice(i, end));
    }
  });
  let digest = picked.some((line) => !line.startsWith('==== ')) ? picked : lines.filter((line) => /❌|✖|\bFAIL(ED)?\b|Error:/.test(line));
  if (digest.length === 0) digest = lines.slice(-40);
  return digest.length > DIGEST_LINES
    ? [...digest.slice(0, DIGEST_LINES), `… ${digest.length - DIGEST_LINES} more lines above, in the step's output`]
    : digest;
}
