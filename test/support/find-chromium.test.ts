// Chromium on a moved calendar (`faketime -f +45d …`): it hangs with libfaketime preloaded, so it
// starts without it, and its pages must still see the servers' (moved) day, or every relative date
// in a page would be measured against a different "now" than the mock's. One run of Debian's
// faketime, one Chromium, one page.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { it } from 'node:test';

const DAY_MS = 24 * 60 * 60 * 1000;
const root = fileURLToPath(new URL('../..', import.meta.url));

// Runs in a Node process under `faketime -f +400d`: what that process, libfaketime's offset and
// a page of launchChromium() each take "now" to be.
const child = `
import { launchChromium } from './test/support/find-chromium.mjs';
import { calendarOffsetMs } from './test/support/libfaketime.mjs';
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const pageNow = await page.evaluate(() => [Date.now(), new Date().getTime(), Date.parse(Date())]);
  console.log(JSON.stringify({ offsetMs: calendarOffsetMs(), nodeNow: Date.now(), pageNow }));
} finally {
  await browser.close();
}
`;

it('gives the pages of launchChromium() the moved calendar of a run under faketime', async () => {
  const { stdout } = await promisify(execFile)('faketime', ['-f', '+400d', process.execPath, '--input-type=module', '-e', child], {
    cwd: root,
    env: { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Error("faketime is missing: apt-get install faketime (Debian's libfaketime)");
    throw error;
  });
  const { offsetMs, nodeNow, pageNow } = JSON.parse(stdout) as { offsetMs: number; nodeNow: number; pageNow: number[] };
  // The child runs 400 days ahead of the real calendar, whatever calendar this process is on.
  assert.ok(offsetMs >= 399 * DAY_MS, `libfaketime moved the child by ${offsetMs} ms, not 400 days`);
  // The page reads the same day as the process that started it, by each way a page asks. The
  // allowance is for the page's start, not a bound on its speed: without the move it is 400 days.
  for (const now of pageNow)
    assert.ok(
      Math.abs(now - nodeNow) < DAY_MS,
      `the page's now is ${new Date(now).toISOString()}, the process's ${new Date(nodeNow).toISOString()}`,
    );
});
