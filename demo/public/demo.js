// The demo page's only script: lists the demo numbers (served by the demo server from
// demo/mock-service/demo-numbers.ts) and puts a clicked one into its tracker.
// Descriptions are set as text, never as HTML: some of them name <script> tags.

const trackers = {
  ocean: { element: document.querySelector('ocean-tracker'), attribute: 'reference-number' },
  air: { element: document.querySelector('air-tracker'), attribute: 'awb-number' },
};

function track(product, number, carrierCode) {
  const tracker = trackers[product];
  if (!tracker?.element) return;
  if (product === 'ocean') {
    // A carrier left over from the previous number would make this one "not found".
    if (carrierCode) tracker.element.setAttribute('carrier-code', carrierCode);
    else tracker.element.removeAttribute('carrier-code');
  }
  tracker.element.setAttribute(tracker.attribute, number);
  tracker.element.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

function numberItem(entry) {
  const item = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'number';
  button.textContent = entry.number;
  button.addEventListener('click', () => track(entry.product, entry.number, entry.carrierCode));
  const link = document.createElement('a');
  link.href = `?${entry.product}=${encodeURIComponent(entry.number)}#${entry.product}`;
  link.className = 'permalink';
  link.textContent = 'link';
  link.setAttribute('aria-label', `Link to this page tracking ${entry.number}`);
  const shows = document.createElement('span');
  shows.className = 'shows';
  shows.textContent = entry.shows;
  item.append(button, ' ', shows, ' ', link);
  return item;
}

async function listDemoNumbers() {
  const response = await fetch('/demo-numbers.json');
  if (!response.ok) return;
  const entries = await response.json();
  for (const list of document.querySelectorAll('ul[data-product]')) {
    const product = list.dataset.product;
    list.replaceChildren(...entries.filter((e) => e.product === product).map(numberItem));
  }
}

function trackFromQuery() {
  const query = new URLSearchParams(location.search);
  for (const product of ['ocean', 'air']) {
    const number = query.get(product);
    if (number) trackers[product].element?.setAttribute(trackers[product].attribute, number);
  }
}

function warnWhenBundleMissing() {
  const defined = Promise.all([customElements.whenDefined('ocean-tracker'), customElements.whenDefined('air-tracker')]);
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 4000));
  Promise.race([defined, timeout]).then((outcome) => {
    if (outcome === 'timeout') document.getElementById('bundle-missing')?.removeAttribute('hidden');
  });
}

trackFromQuery();
warnWhenBundleMissing();
listDemoNumbers().catch(() => {
  // The trackers work without the list; typing a number still does.
});
