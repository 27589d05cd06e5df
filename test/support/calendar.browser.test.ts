// The page and the test servers agree on what day it is, also on a moved calendar
// (`faketime -f +45d npm run test:browser:chromium`), where the servers run under libfaketime and
// the page gets the moved Date from the config's launcher (chromiumCalendar in find-chromium.mjs):
// otherwise every date the mock serves would be read against another "now" than the page's.
import { expect } from '@open-wc/testing';
import { scenario } from './browser.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the test calendar', () => {
  it("is the scenario server's in the page", async () => {
    const s = await scenario({ responses: [{ status: 204 }] });
    const before = Date.now();
    await fetch(`${s.base}/ocean`);
    const after = Date.now();
    const [request] = await s.requests();
    const at = request!.at;
    // A day's allowance, for clocks read in two processes, not for speed: the moves are 45 or 400 days.
    expect(at, `the server's now is ${new Date(at).toISOString()}, the page's ${new Date(after).toISOString()}`).to.be.within(
      before - DAY_MS,
      after + DAY_MS,
    );
  });
});
