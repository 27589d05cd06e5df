import { expect } from '@open-wc/testing';
import { html, LitElement } from 'lit';
import { ListController } from '../../../../packages/core/src/lookup/carrier-list-controller.js';
import { mount, scenario, sleep, until } from '../../../support/browser.js';

const items = (body: unknown): string[] | undefined => {
  const list = (body as { items?: unknown } | null)?.items;
  return Array.isArray(list) ? list.map(String) : undefined;
};

class ListHost extends LitElement {
  static override properties = { url: {} };
  declare url: string | undefined;
  readonly list = new ListController(this, { url: () => this.url, parse: items });
  override render() {
    return html`<p>${this.list.value?.join(', ') ?? '(none)'}</p>`;
  }
}
customElements.define('test-list-host', ListHost);

const shown = (el: ListHost) => el.shadowRoot?.querySelector('p')?.textContent;

describe('ListController', () => {
  afterEach(() => document.querySelectorAll('[data-test-root]').forEach((n) => n.remove()));

  it('loads the list once per URL, and the host shows it when it arrives', async () => {
    const s = await scenario({ responses: [{ status: 200, body: { items: ['MAEU', 'MSCU'] } }] });
    const el = mount<ListHost>('<test-list-host></test-list-host>');
    el.url = `${s.base}/list`;
    await until(() => shown(el) === 'MAEU, MSCU', 'the list shown');
    for (let i = 0; i < 3; i++) {
      el.requestUpdate();
      await el.updateComplete;
    }
    await sleep(50);
    expect(await s.requests()).to.have.length(1);
  });

  it('drops the old list and loads anew when the URL changes, and has none without a URL', async () => {
    const a = await scenario({ responses: [{ status: 200, body: { items: ['A'] } }] });
    const b = await scenario({ responses: [{ status: 200, body: { items: ['B'] } }] });
    const el = mount<ListHost>('<test-list-host></test-list-host>');
    el.url = `${a.base}/list`;
    await until(() => shown(el) === 'A', 'first list');
    el.url = `${b.base}/list`;
    await el.updateComplete;
    expect(el.list.value).to.equal(undefined);
    await until(() => shown(el) === 'B', 'second list');
    el.url = undefined;
    await el.updateComplete;
    expect(shown(el)).to.equal('(none)');
  });

  it('leaves the list undefined when the answer is not a list or not a 200', async () => {
    const s = await scenario({ responses: [{ status: 200, body: { carriers: 'no' } }] });
    const t = await scenario({ responses: [{ status: 503, body: { message: 'down' } }] });
    const el = mount<ListHost>('<test-list-host></test-list-host>');
    el.url = `${s.base}/list`;
    await until(async () => (await s.requests()).some((r) => r.completed), 'answered');
    await sleep(50);
    expect(el.list.value).to.equal(undefined);
    el.url = `${t.base}/list`;
    await until(async () => (await t.requests()).some((r) => r.completed), 'answered');
    await sleep(50);
    expect(el.list.value).to.equal(undefined);
  });

  it('aborts the request when the host leaves the page, and asks again when it is back', async () => {
    const s = await scenario({
      responses: [
        { status: 200, body: { items: ['slow'] }, delayMs: 3000 },
        { status: 200, body: { items: ['again'] } },
      ],
    });
    const el = mount<ListHost>('<test-list-host></test-list-host>');
    const parent = el.parentElement!;
    el.url = `${s.base}/list`;
    await until(async () => (await s.requests()).length === 1, 'asked');
    el.remove();
    await until(async () => (await s.requests())[0]!.aborted, 'the request was aborted');
    parent.append(el);
    await until(() => shown(el) === 'again', 'asked again and shown');
    expect(await s.requests()).to.have.length(2);
  });
});
