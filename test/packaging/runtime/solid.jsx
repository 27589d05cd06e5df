// Solid, compiled by babel-preset-solid: each form of a name and a listener on <ocean-tracker>.
import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';

export function mountSolid(root, log) {
  const messages = { 'form.submit': 'Find' };
  // A signal, not a literal or a constant: Solid writes those into its template as attributes.
  const [interval] = createSignal(30);
  render(
    () => (
      <>
        <ocean-tracker
          id="solid-kebab"
          proxy-url="/static"
          poll-interval={interval()}
          messages={messages}
          on:tracker-load={() => log('solid-kebab on:tracker-load')}
          ontracker-load={() => log('solid-kebab ontracker-load')}
        />
        <ocean-tracker
          id="solid-camel"
          proxyUrl="/static"
          pollInterval={interval()}
          onTrackerLoad={() => log('solid-camel onTrackerLoad')}
        />
        <ocean-tracker id="solid-prop" prop:proxyUrl="/prop" prop:pollInterval={45} attr:carrier-code="MAEU" />
        <ocean-tracker id="solid-attr" proxy-url="/static" attr:poll-interval="50" />
      </>
    ),
    root,
  );
}
