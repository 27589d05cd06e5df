import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '@cargo-trackers/ocean-tracker';
import type { OceanTracker } from '@cargo-trackers/ocean-tracker';
import { captureConsoleErrors, engine, itExceptIn, mount, part } from '../../../support/browser.js';

// Paper is white whatever the theme or the page's colours: the colour tokens' print values (in the
// notices' styles, which come with the lookup's code) win over the element's own token styles.
describe('printing', () => {
  let errors: ReturnType<typeof captureConsoleErrors>;
  beforeEach(() => (errors = captureConsoleErrors()));
  afterEach(async () => {
    errors.restore();
    if (engine === 'chromium') await emulateMedia({ media: 'screen' });
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });

  /** An element without proxy-url: its configuration notice (an error) brings the lookup's code and styles, and no request is made. */
  async function misconfigured(attrs: string): Promise<OceanTracker> {
    const el = mount<OceanTracker>(`<ocean-tracker map="none" ${attrs}></ocean-tracker>`);
    await el.updateComplete;
    expect(part(el, 'notice'), 'the configuration notice').to.exist;
    return el;
  }

  const pageColours = '--tracker-danger-color: rgb(200, 0, 0); --tracker-text-color: rgb(0, 0, 200); --tracker-background: rgb(20, 20, 20)';

  for (const theme of [undefined, 'light', 'dark', 'auto']) {
    itExceptIn(
      {
        firefox: 'its WebDriver cannot emulate print media (emulateMedia needs CDP)',
        webkit: 'its WebDriver cannot emulate print media (emulateMedia needs CDP)',
      },
      `prints the notice in black on white, and no form, ${theme ? `with theme="${theme}"` : 'without a theme'} and the page's colours`,
      async () => {
        const el = await misconfigured(`${theme ? `theme="${theme}"` : ''} style="${pageColours}"`);
        const notice = part(el, 'notice')!;
        expect(getComputedStyle(notice).borderInlineStartColor, 'on screen: the page colour').to.equal('rgb(200, 0, 0)');
        await emulateMedia({ media: 'print' });
        expect(getComputedStyle(notice).borderInlineStartColor).to.equal('rgb(0, 0, 0)');
        expect(getComputedStyle(el).color).to.equal('rgb(0, 0, 0)');
        expect(getComputedStyle(el).backgroundColor).to.equal('rgb(255, 255, 255)');
        expect(getComputedStyle(part(el, 'form')!).display).to.equal('none');
      },
    );
  }
});
