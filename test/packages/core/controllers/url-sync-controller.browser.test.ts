import { expect } from '@open-wc/testing';
import { LitElement } from 'lit';
import { UrlSyncController } from '../../../../packages/core/src/controllers/url-sync-controller.js';
import { mount } from '../../../support/browser.js';

class SyncHost extends LitElement {
  static override properties = { number: {} };
  declare number: string | undefined;
  enabled = true;
  found: string[] = [];
  readonly urlSync = new UrlSyncController(this, {
    enabled: () => this.enabled,
    param: () => 'n',
    found: (number) => this.found.push(number),
    hasNumber: () => Boolean(this.number),
  });
}
customElements.define('test-sync-host', SyncHost);

describe('UrlSyncController', () => {
  const original = location.href;
  afterEach(() => {
    history.replaceState(null, '', original);
    document.querySelectorAll('[data-test-root]').forEach((n) => n.remove());
  });

  function withQuery(query: string): void {
    const url = new URL(original);
    url.search = query;
    history.replaceState({ page: 'kept' }, '', url);
  }

  it('reads the number exactly as the query string holds it when the host connects', () => {
    withQuery('?n=%20MSCU+123%2F4&other=1');
    const el = mount<SyncHost>('<test-sync-host></test-sync-host>');
    expect(el.found).to.deep.equal([' MSCU 123/4']);
  });

  it('leaves a number the page set alone, and reads nothing when off', () => {
    withQuery('?n=FROMURL');
    const set = mount<SyncHost>('<test-sync-host number="PAGE"></test-sync-host>');
    expect(set.found).to.deep.equal([]);
    const off = document.createElement('test-sync-host') as SyncHost;
    off.enabled = false;
    document.body.append(off);
    expect(off.found).to.deep.equal([]);
    off.remove();
  });

  it('writes the number with replaceState, keeping the page’s state and other parameters', () => {
    withQuery('?other=1');
    const el = mount<SyncHost>('<test-sync-host></test-sync-host>');
    const length = history.length;
    el.urlSync.write('176-22817340');
    const url = new URL(location.href);
    expect(url.searchParams.get('n')).to.equal('176-22817340');
    expect(url.searchParams.get('other')).to.equal('1');
    expect(history.state).to.deep.equal({ page: 'kept' });
    expect(history.length).to.equal(length);
    el.enabled = false;
    el.urlSync.write('OTHER');
    expect(new URL(location.href).searchParams.get('n')).to.equal('176-22817340');
  });
});
