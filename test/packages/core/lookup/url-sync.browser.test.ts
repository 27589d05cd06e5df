import { expect } from '@open-wc/testing';
import { writeSyncedNumber } from '../../../../packages/core/src/lookup/url-sync.js';

// Reading the number back when an element connects is the element's (test/packages/core/lookup/sync-url.browser.test.ts).
describe('writeSyncedNumber', () => {
  const original = location.href;
  afterEach(() => history.replaceState(null, '', original));

  function withQuery(query: string): void {
    const url = new URL(original);
    url.search = query;
    history.replaceState({ page: 'kept' }, '', url);
  }

  it('writes the number with replaceState, keeping the page’s state and other parameters', () => {
    withQuery('?other=1');
    const length = history.length;
    writeSyncedNumber('n', '176-22817340');
    const url = new URL(location.href);
    expect(url.searchParams.get('n')).to.equal('176-22817340');
    expect(url.searchParams.get('other')).to.equal('1');
    expect(history.state).to.deep.equal({ page: 'kept' });
    expect(history.length).to.equal(length);
  });

  it('writes the number exactly as given, and replaces the one there', () => {
    withQuery('?n=OLD');
    writeSyncedNumber('n', ' MSCU 123/4');
    expect(new URL(location.href).searchParams.get('n')).to.equal(' MSCU 123/4');
  });
});
