import { expect } from '@open-wc/testing';
import { css, html, LitElement } from 'lit';
import { LazyViewController } from '../../../../../packages/core/src/first/element/lazy-view-controller.js';
import { mount } from '../../../../support/browser.js';

interface View {
  readonly text: string;
}

const viewStyles = css`
  p {
    color: rgb(1, 2, 3);
  }
`;

class ViewHost extends LitElement {
  loads = 0;
  fail = false;
  renders = 0;
  readonly view = new LazyViewController<View>(this, {
    load: async () => {
      this.loads++;
      // A real failed download: the module does not exist.
      if (this.fail) await import(/* @vite-ignore */ `${location.origin}/no-such-view-${this.loads}.js`);
      return { text: 'the view' };
    },
    styles: () => [viewStyles],
  });
  override render() {
    this.renders++;
    return html`<p>${this.view.value?.text ?? 'loading'}</p>`;
  }
}
customElements.define('test-view-host', ViewHost);

describe('LazyViewController', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  it('loads once for every caller, renders the host again and adopts the view’s styles', async () => {
    const el = mount<ViewHost>('<test-view-host></test-view-host>');
    await el.updateComplete;
    const [a, b] = await Promise.all([el.view.load(), el.view.load()]);
    expect(a).to.equal(b);
    expect(el.loads).to.equal(1);
    await el.updateComplete;
    const p = el.shadowRoot!.querySelector('p')!;
    expect(p.textContent).to.equal('the view');
    expect(getComputedStyle(p).color).to.equal('rgb(1, 2, 3)');
    await el.view.load();
    expect(el.loads).to.equal(1);
  });

  it('forgets a failed download, so the next call tries again', async () => {
    const el = mount<ViewHost>('<test-view-host></test-view-host>');
    el.fail = true;
    let failed = false;
    await el.view.load().catch(() => (failed = true));
    expect(failed).to.equal(true);
    expect(el.view.value).to.equal(undefined);
    el.fail = false;
    expect((await el.view.load()).text).to.equal('the view');
    expect(el.loads).to.equal(2);
  });
});
