import { expect } from '@open-wc/testing';
import { LitElement } from 'lit';
import { LocalizationController } from '../../../../../packages/core/src/first/element/localization-controller.js';
import type { Messages } from '../../../../../packages/core/src/i18n/en.js';
import { Localizer } from '../../../../../packages/core/src/i18n/localizer.js';
import { mount, until } from '../../../../support/browser.js';

class LocaleHost extends LitElement {
  static override properties = { messages: { attribute: false } };
  declare messages: Messages;
  updates = 0;
  readonly localization = new LocalizationController(this, { lang: () => this.getAttribute('lang'), messages: () => this.messages });
  constructor() {
    super();
    this.messages = {};
  }
  protected override willUpdate(): void {
    this.updates++;
    this.localization.refresh();
  }
}
customElements.define('test-locale-host', LocaleHost);

describe('LocalizationController', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  it('takes the host’s lang, else the nearest ancestor’s', async () => {
    const own = mount<LocaleHost>('<test-locale-host lang="pt-BR"></test-locale-host>');
    await own.updateComplete;
    expect(own.localization.localizer.locale).to.equal('pt-BR');
    const inherited = mount<HTMLElement>(
      '<section lang="ja"><div><test-locale-host></test-locale-host></div></section>',
    ).querySelector<LocaleHost>('test-locale-host')!;
    await inherited.updateComplete;
    expect(inherited.localization.localizer.locale).to.equal('ja');
  });

  it('keeps its localizer while nothing it depends on changes, and makes a new one when the overrides do', async () => {
    const el = mount<LocaleHost>('<test-locale-host lang="en"></test-locale-host>');
    await el.updateComplete;
    const first = el.localization.localizer;
    expect(el.localization.refresh()).to.equal(false);
    expect(el.localization.localizer).to.equal(first);
    el.messages = { 'form.submit': 'Go' };
    await el.updateComplete;
    expect(el.localization.localizer).not.to.equal(first);
    expect(el.localization.localizer.t('form.submit')).to.equal('Go');
  });

  it('downloads the catalogue, renders again in it, and lets only the newest language land', async () => {
    const el = mount<LocaleHost>('<test-locale-host lang="es"></test-locale-host>');
    await el.updateComplete;
    // English shows until the catalogue is here; the download is under way.
    expect(el.localization.pending).not.to.equal(undefined);
    el.setAttribute('lang', 'fr');
    el.requestUpdate();
    await until(() => el.localization.pending === undefined, 'the downloads settled');
    await el.updateComplete;
    expect(el.localization.localizer.locale).to.equal('fr');
    expect(el.localization.localizer.t('form.submit')).to.equal('Suivre');
    expect(new Localizer('fr').t('form.submit')).to.equal('Suivre');
  });
});
