// The configurator: a form built from controls.generated.js (the element API declaration), a live
// preview against the demo's mock service, contrast checks as colours are picked, and snippets.
// Every text from the declaration or the owner is set as text; nothing is parsed as HTML.
//
// The WordPress plugin serves the same module on its admin page (Settings → Cargo Trackers →
// Build a tracker). The form's data attributes say so: data-host="wordpress", the plugin's own
// routes for the preview (data-preview-proxy-ocean, data-preview-carriers-ocean, … for air), and
// the snippets to show (data-snippets="shortcode block css"). There the proxy is the plugin's,
// and a number at load reaches the preview when its field is left, since each lookup there goes
// to the real service with the site's key.
import { colourPairs, cssProperties, demoStates, elements, languages, packageName, version } from './controls.generated.js';
import { checkPairs } from './contrast.js';
import { SNIPPETS } from './snippets.js';

const $ = (id) => document.getElementById(id);
const host = $('options').dataset;
const inWordPress = host.host === 'wordpress';
const capitalized = (product) => product.charAt(0).toUpperCase() + product.slice(1);

/** What works once the packages are on the npm registry; until then, the owner's copy of the self-host zip. */
const CDN_URL = `https://cdn.jsdelivr.net/npm/${packageName}@${version}/dist/cdn/cargo-trackers.js`;
/** The self-host zip (scripts/self-host.mjs names it; the demo server offers it at its root) and where its README suggests uploading it. */
const SELF_HOST = `${packageName}-${version}`;
const SELF_HOST_URL = `/assets/${SELF_HOST}/cargo-trackers.js`;
/** What the preview asks: the host's proxy (the demo's, in front of its mock service, unless the page names another). */
const previewProxy = (product) =>
  host[`previewProxy${capitalized(product)}`] || new URL(`/api/tracking/${product}`, location.href).pathname;
/** Where the preview's carrier list comes from when the host names it (the plugin's route, which plain permalinks put in a query). */
const previewCarriers = (product) => host[`previewCarriers${capitalized(product)}`] || undefined;
/** The snippets this page shows: all, unless the host lists some. */
const shownSnippets = host.snippets ? SNIPPETS.filter((s) => host.snippets.split(/\s+/).includes(s.id)) : SNIPPETS;
/** Characters one of the snippet formats cannot carry (a shortcode ends at `]`, an attribute at `"`). */
const UNSAFE = /["[\]<>\p{Cc}]/u;
const UNSAFE_MESSAGE = 'Remove " [ ] < > and line breaks: a snippet cannot carry them.';

const state = {
  product: 'ocean',
  proxy: { kind: inWordPress ? 'wordpress' : 'own', own: '/api/tracking', wordpress: '', plain: false, worker: '' },
  bundle: { kind: 'self', url: '' },
  /** Attribute values by key (`theme` for a shared attribute, `ocean-tracker reference-number` for an element's own). */
  attributes: new Map(),
  css: new Map(),
  /** A demo number clicked for the preview only, by product. */
  previewNumbers: new Map(),
};

const chosen = () => elements.filter((e) => state.product === 'both' || e.product === state.product);
const keyOf = (element, attribute) => (attribute.shared ? attribute.attribute : `${element.tagName} ${attribute.attribute}`);
const idOf = (key) => `attr-${key.replace(/\s+/g, '--')}`;

// ------------------------------------------------------------------ small DOM helpers

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (name === 'dataset') Object.assign(node.dataset, value);
    else if (name === 'className') node.className = value;
    else if (name in node && typeof value !== 'string') node[name] = value;
    else node.setAttribute(name, value === true ? '' : value);
  }
  node.append(...children.filter((c) => c !== undefined && c !== null));
  return node;
}

/** A description from the declaration, its `code` spans as <code>, as text. */
function described(text) {
  return text.split('`').map((part, i) => (i % 2 === 1 ? el('code', {}, part) : part));
}

/** A label in the declaration's words (scripts/element-api/labels.ts); the attribute name is shown beside it. */
function attributeLabel(element, attribute) {
  return attribute.attribute === element.numberAttribute ? `${attribute.label} to show at load` : attribute.label;
}

/** A field: label, control, hint from the declaration, and a message line for a refused value. */
function field(id, label, control, hint, code) {
  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  control.id = id;
  control.setAttribute('aria-describedby', `${hintId} ${messageId}`);
  return el(
    'div',
    { className: 'field' },
    el('label', { for: id }, ...described(label), code ? ' ' : '', code ? el('code', {}, code) : undefined),
    control,
    el('p', { id: hintId, className: 'hint' }, ...(hint ? described(hint) : [])),
    el('p', { id: messageId, className: 'message' }),
  );
}

function setMessage(control, text) {
  const message = document.getElementById(`${control.id}-message`);
  message.textContent = text;
  if (text) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
}

// ------------------------------------------------------------------ values

function checkText(value) {
  return UNSAFE.test(value) ? UNSAFE_MESSAGE : '';
}

/** A proxy or script address: a path on the site, or an http(s) URL. */
function checkAddress(value) {
  if (value === '') return '';
  if (UNSAFE.test(value) || /\s/.test(value)) return 'An address has no spaces, quotes, brackets or line breaks.';
  if (value.startsWith('/')) return '';
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return '';
  } catch {
    // Falls through to the message.
  }
  return 'Give a path on your site (/api/tracking) or an address starting with https://.';
}

function checkCss(kind, value) {
  if (value === '') return '';
  if (/[;{}<>!\\]|\/\*/.test(value) || /\p{Cc}/u.test(value)) return 'A value has no ; { } < > ! \\ or comments.';
  if (kind === 'length' && !CSS.supports('width', value) && value !== '0') return 'Give a length such as 12px, 1.5rem or 0.';
  if (kind === 'colour' && !CSS.supports('color', value)) return 'Give a colour such as #0b5cad.';
  return '';
}

const trimSlash = (url) => url.replace(/\/+$/, '');

/** The proxy-url each element gets in the snippets, from where the owner's proxy runs. */
function proxyUrl(product) {
  const { kind, own, wordpress, plain, worker } = state.proxy;
  if (kind === 'wordpress') {
    const route = plain ? `/?rest_route=/cargo-trackers/v1/${product}` : `/wp-json/cargo-trackers/v1/${product}`;
    return `${trimSlash(wordpress)}${route}`;
  }
  if (kind === 'worker') return `${trimSlash(worker || 'https://tracking.your-account.workers.dev')}/api/tracking/${product}`;
  return `${trimSlash(own || '/api/tracking')}/${product}`;
}

/** What the owner chose, per element, in declaration order: proxy-url first, then every set attribute. */
function configuredAttributes(element, forPreview) {
  const list = [];
  for (const attribute of element.attributes) {
    let value;
    if (attribute.attribute === 'proxy-url') value = forPreview ? previewProxy(element.product) : proxyUrl(element.product);
    else value = state.attributes.get(keyOf(element, attribute));
    if (forPreview && attribute.attribute === 'carriers-url' && value === undefined) value = previewCarriers(element.product);
    if (value === undefined || value === '' || value === false) continue;
    list.push({ attribute: attribute.attribute, property: attribute.property, type: attribute.type, value });
  }
  // The proxy first: the one attribute every snippet needs, read first by whoever edits it.
  return list.sort((a, b) => Number(b.attribute === 'proxy-url') - Number(a.attribute === 'proxy-url'));
}

function snippetConfig() {
  return {
    elements: chosen().map((e) => ({
      tagName: e.tagName,
      component: e.component,
      shortcode: e.shortcode,
      block: e.block,
      attributes: configuredAttributes(e, false),
    })),
    css: cssProperties.filter((p) => state.css.has(p.name)).map((p) => ({ name: p.name, value: state.css.get(p.name) })),
    scriptUrl: state.bundle.kind === 'self' ? state.bundle.url || SELF_HOST_URL : CDN_URL,
    packageName,
    version,
    proxyFromPlugin: state.proxy.kind === 'wordpress' && state.proxy.wordpress === '',
  };
}

// ------------------------------------------------------------------ the form

function attributeControl(element, attribute) {
  const key = keyOf(element, attribute);
  const id = idOf(key);
  const unset = attribute.default !== undefined ? String(attribute.default) : (attribute.unsetMeans ?? '');
  let control;
  if (Array.isArray(attribute.type) || attribute.attribute === 'lang') {
    const values = Array.isArray(attribute.type) ? attribute.type : languages;
    control = el('select', {}, el('option', { value: '' }, `Default${unset ? ` (${unset.replace(/`/g, '')})` : ''}`));
    // Languages by name in the page's language (`Deutsch (de)` would need every name in its own).
    const names =
      attribute.attribute === 'lang' ? new Intl.DisplayNames([document.documentElement.lang || 'en'], { type: 'language' }) : undefined;
    for (const value of values) control.append(el('option', { value }, names ? `${names.of(value)} (${value})` : value));
    control.addEventListener('change', () => update(key, control.value));
  } else if (attribute.type === 'boolean') {
    control = el('input', { type: 'checkbox' });
    control.addEventListener('change', () => update(key, control.checked));
  } else if (attribute.type === 'number') {
    control = el('input', { type: 'number', inputMode: 'numeric', placeholder: unset });
    control.addEventListener('input', () => {
      const ok = control.value === '' || Number.isFinite(Number(control.value));
      setMessage(control, ok ? '' : 'Give a number.');
      if (ok) update(key, control.value === '' ? undefined : Number(control.value));
    });
  } else {
    control = el('input', { type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder: unset.replace(/`/g, '') });
    // On WordPress a number starts a real lookup: taken when the field is left, not at each keystroke.
    const when = inWordPress && attribute.attribute === element.numberAttribute ? 'change' : 'input';
    control.addEventListener(when, () => {
      const message = checkText(control.value);
      setMessage(control, message);
      if (!message) {
        if (attribute.attribute === element.numberAttribute) state.previewNumbers.delete(element.product);
        update(key, control.value.trim());
      }
    });
  }
  control.dataset.key = key;
  return field(id, attributeLabel(element, attribute), control, attribute.description, attribute.attribute);
}

function update(key, value) {
  if (value === undefined || value === '' || value === false) state.attributes.delete(key);
  else state.attributes.set(key, value);
  render();
}

/** Shared options once, each element's own options in a group of their own, shown when it is chosen. */
function buildAttributeFields() {
  const shared = $('shared-options');
  const seen = new Set();
  for (const element of elements) {
    for (const attribute of element.attributes) {
      if (!attribute.shared || attribute.attribute === 'proxy-url' || seen.has(attribute.attribute)) continue;
      seen.add(attribute.attribute);
      shared.append(attributeControl(element, attribute));
    }
  }
  const own = $('own-options');
  for (const element of elements) {
    const group = el(
      'fieldset',
      { className: 'own', dataset: { product: element.product } },
      el('legend', {}, el('code', {}, `<${element.tagName}>`)),
    );
    for (const attribute of element.attributes) if (!attribute.shared) group.append(attributeControl(element, attribute));
    own.append(group);
  }
}

/** The colour and size controls, one per custom property; a colour is checked for contrast as it is picked. */
function buildCssFields() {
  const colours = $('colours');
  const sizes = $('sizes');
  for (const property of cssProperties) {
    const id = `css-${property.name.slice(2)}`;
    const label = property.description.replace(/\s*\(.*$/, '').replace(/\.$/, '');
    const hint = property.default ? `Default ${property.default}${property.dark ? `, ${property.dark} in the dark theme` : ''}.` : '';
    if (property.kind === 'colour') {
      const picker = el('input', { type: 'color', value: property.light ?? '#808080' });
      const reset = el('button', { type: 'button', className: 'reset', disabled: true }, 'Default');
      reset.setAttribute('aria-label', `Default ${label.toLowerCase()}`);
      const inherited = property.inherited && `Default: your page's (checked as ${property.light}, ${property.dark} in the dark theme).`;
      const wrap = field(id, label, picker, inherited || hint || 'Default: from the theme.', property.name);
      const shown = el('output', { for: id, className: 'value' }, 'default');
      picker.after(shown, reset);
      picker.dataset.property = property.name;
      picker.addEventListener('input', () => {
        state.css.set(property.name, picker.value);
        reset.disabled = false;
        shown.textContent = picker.value;
        render();
      });
      reset.addEventListener('click', () => {
        state.css.delete(property.name);
        picker.value = property.light ?? '#808080';
        reset.disabled = true;
        shown.textContent = 'default';
        render();
        picker.focus();
      });
      colours.append(wrap);
    } else {
      const input = el('input', { type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder: property.default ?? '' });
      input.dataset.property = property.name;
      input.addEventListener('input', () => {
        const value = input.value.trim();
        const message = checkCss(property.kind, value);
        setMessage(input, message);
        if (message) return;
        if (value === '') state.css.delete(property.name);
        else state.css.set(property.name, value);
        render();
      });
      sizes.append(field(id, label, input, hint, property.name));
    }
  }
}

function buildProxyFields() {
  for (const radio of document.querySelectorAll('input[name="proxy"]')) {
    radio.addEventListener('change', () => {
      state.proxy.kind = radio.value;
      for (const detail of document.querySelectorAll('[data-proxy]')) detail.hidden = detail.dataset.proxy !== radio.value;
      render();
    });
  }
  for (const [id, key] of [
    ['proxy-own', 'own'],
    ['proxy-wordpress', 'wordpress'],
    ['proxy-worker', 'worker'],
    ['bundle-url', 'bundle'],
  ]) {
    const input = $(id);
    if (!input) continue;
    input.addEventListener('input', () => {
      const message = checkAddress(input.value.trim());
      setMessage(input, message);
      if (message) return;
      if (key === 'bundle') state.bundle.url = input.value.trim();
      else state.proxy[key] = input.value.trim();
      render();
    });
  }
  $('proxy-plain')?.addEventListener('change', (event) => {
    state.proxy.plain = event.target.checked;
    render();
  });
  for (const radio of document.querySelectorAll('input[name="bundle"]')) {
    radio.addEventListener('change', () => {
      state.bundle.kind = radio.value;
      $('bundle-self').hidden = radio.value !== 'self';
      $('bundle-cdn').hidden = radio.value !== 'cdn';
      render();
    });
  }
  for (const radio of document.querySelectorAll('input[name="product"]')) {
    radio.addEventListener('change', () => {
      state.product = radio.value;
      render();
    });
  }
}

// ------------------------------------------------------------------ contrast

/** The themes whose colours the owner's page may show: unset means light; auto means both. */
function themesShown() {
  const theme = state.attributes.get('theme');
  return theme === 'dark' ? ['dark'] : theme === 'auto' ? ['light', 'dark'] : ['light'];
}

const nameOfToken = (id) => cssProperties.find((p) => p.token === id);

function pairText({ pair, ratio }, theme) {
  const text = nameOfToken(pair.text);
  const background = nameOfToken(pair.background);
  const tint = pair.mix ? `${nameOfToken(pair.mix.of).name} ${pair.mix.percent}% over ` : '';
  return `${text.name} on ${tint}${background.name} (${pair.where}${themesShown().length > 1 ? `, ${theme} theme` : ''}): ${ratio.toFixed(2)}:1, needs ${pair.minimum}:1`;
}

/** Flags every picked colour that takes part in a failing pair, and lists the pairs. */
function checkContrast() {
  const failing = [];
  for (const theme of themesShown()) {
    const colours = {};
    for (const p of cssProperties) if (p.token) colours[p.token] = state.css.get(p.name) ?? p[theme];
    for (const result of checkPairs(colours, colourPairs)) if (!result.passes) failing.push({ ...result, theme });
  }
  // Only what the owner changed is theirs to fix; the defaults pass (the token test holds them to it).
  const picked = new Set(cssProperties.filter((p) => p.token && state.css.has(p.name)).map((p) => p.token));
  const own = failing.filter(({ pair }) => [pair.text, pair.background, pair.mix?.of].some((id) => picked.has(id)));
  for (const input of document.querySelectorAll('#colours input[type="color"]')) {
    const token = cssProperties.find((p) => p.name === input.dataset.property)?.token;
    const mine = own.filter(({ pair }) => token && [pair.text, pair.background, pair.mix?.of].includes(token));
    setMessage(input, mine.length ? `Too little contrast (WCAG 2.2 AA): ${mine.map((r) => pairText(r, r.theme)).join('; ')}.` : '');
  }
  const summary = $('contrast-summary');
  const text = own.length
    ? `${own.length} colour pair${own.length === 1 ? '' : 's'} below WCAG 2.2 AA: ${own.map((r) => pairText(r, r.theme)).join('; ')}.`
    : state.css.size > 0
      ? 'Every colour pair meets WCAG 2.2 AA.'
      : '';
  if (summary.textContent !== text) summary.textContent = text;
  summary.classList.toggle('failing', own.length > 0);
}

// ------------------------------------------------------------------ preview

function syncPreview() {
  const preview = $('preview');
  const wanted = chosen();
  for (const node of [...preview.children]) if (!wanted.some((e) => e.tagName === node.localName)) node.remove();
  for (const element of wanted) {
    let node = preview.querySelector(element.tagName);
    if (!node) {
      node = document.createElement(element.tagName);
      preview.append(node);
    }
    const attributes = configuredAttributes(element, true);
    const clicked = state.previewNumbers.get(element.product);
    if (clicked) {
      const rest = attributes.filter((a) => a.attribute !== element.numberAttribute && a.attribute !== 'carrier-code');
      rest.push({ attribute: element.numberAttribute, value: clicked.number });
      if (clicked.carrierCode && element.attributes.some((a) => a.attribute === 'carrier-code'))
        rest.push({ attribute: 'carrier-code', value: clicked.carrierCode });
      attributes.splice(0, attributes.length, ...rest);
    }
    const names = new Set(attributes.map((a) => a.attribute));
    for (const name of node.getAttributeNames()) if (!names.has(name) && name !== 'data-preview') node.removeAttribute(name);
    for (const { attribute, type, value } of attributes) {
      const text = type === 'boolean' ? '' : String(value);
      if (node.getAttribute(attribute) !== text) node.setAttribute(attribute, text);
    }
  }
  // The elements take the page's type and text colour: the preview is a page of the theme picked.
  preview.dataset.theme = state.attributes.get('theme') ?? 'light';
  for (const property of cssProperties) {
    if (state.css.has(property.name)) preview.style.setProperty(property.name, state.css.get(property.name));
    else preview.style.removeProperty(property.name);
  }
  for (const node of document.querySelectorAll('.demo-states, .states-of'))
    node.hidden = !wanted.some((e) => e.product === node.dataset.product);
}

function buildDemoStates() {
  const holder = $('demo-states');
  // The demo numbers are the mock service's: a page that previews through a real service has none.
  if (!holder) return;
  for (const element of elements) {
    const list = el('ul', { className: 'demo-states', dataset: { product: element.product } });
    for (const demo of demoStates) {
      const entry = demo.numbers[element.product];
      const button = el('button', { type: 'button', title: entry.shows }, demo.label);
      button.setAttribute('aria-label', `Preview ${element.tagName}: ${demo.label}, ${entry.number}`);
      button.addEventListener('click', () => {
        state.previewNumbers.set(element.product, entry);
        render();
      });
      list.append(el('li', {}, button));
    }
    holder.append(el('p', { className: 'states-of', dataset: { product: element.product } }, el('code', {}, `<${element.tagName}>`)), list);
  }
}

// ------------------------------------------------------------------ snippets

function buildSnippets() {
  const holder = $('snippets');
  for (const snippet of shownSnippets) {
    const code = el('code', { id: `snippet-${snippet.id}` });
    const button = el('button', { type: 'button', className: 'copy' }, 'Copy');
    button.setAttribute('aria-describedby', `snippet-${snippet.id}-title`);
    button.addEventListener('click', () => copy(snippet.title, code));
    holder.append(
      el(
        'section',
        { className: 'snippet', dataset: { snippet: snippet.id } },
        el('div', { className: 'snippet-head' }, el('h3', { id: `snippet-${snippet.id}-title` }, snippet.title), button),
        // Focusable so that a keyboard can scroll it; a region, so that the name it is given is read (a pre has no role that takes one).
        el('pre', { tabIndex: 0, role: 'region', 'aria-labelledby': `snippet-${snippet.id}-title` }, code),
      ),
    );
  }
}

async function copy(title, code) {
  const status = $('copy-status');
  status.textContent = '';
  try {
    await navigator.clipboard.writeText(code.textContent);
    status.textContent = `Copied: ${title}.`;
  } catch {
    // No clipboard (an insecure origin, or permission refused): select the text for Ctrl+C instead.
    getSelection().selectAllChildren(code);
    status.textContent = `Copying was refused by the browser; ${title} is selected, press Ctrl+C (⌘C) to copy it.`;
  }
}

function syncSnippets() {
  const config = snippetConfig();
  for (const snippet of shownSnippets) {
    const code = $(`snippet-${snippet.id}`);
    const text = snippet.build(config);
    if (code.textContent !== text) code.textContent = text;
  }
  for (const group of document.querySelectorAll('fieldset.own')) group.hidden = !chosen().some((e) => e.product === group.dataset.product);
}

// The preview needs the demo's bundle; on a static copy of this page without it, say so. The bundle
// defines a tag only once it appears on the page, so only the tags the preview shows are awaited.
let previewCheck;
function checkPreviewLoads() {
  const missing = () => chosen().some((e) => !customElements.get(e.tagName));
  clearTimeout(previewCheck);
  if (!missing()) {
    $('preview-missing').hidden = true;
    return;
  }
  previewCheck = setTimeout(() => ($('preview-missing').hidden = !missing()), 5000);
}

function render() {
  syncPreview();
  syncSnippets();
  checkContrast();
  checkPreviewLoads();
}

$('version').textContent = `${packageName}@${version}`;
const download = $('bundle-download');
if (download) {
  download.href = new URL(`../${SELF_HOST}.zip`, import.meta.url).href;
  download.textContent = `Download ${SELF_HOST}.zip`;
}
$('bundle-url')?.setAttribute('placeholder', SELF_HOST_URL);
// Every change applies as it is made; Enter in a field must not reload the page.
$('options').addEventListener('submit', (event) => event.preventDefault());
buildProxyFields();
buildAttributeFields();
buildCssFields();
buildDemoStates();
buildSnippets();
render();
