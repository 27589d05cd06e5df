// React 19 passes props to custom elements as properties when the element has one
// (`messages`, `pollInterval`), as attributes otherwise (`proxy-url`), and turns
// `ontracker-load` into a listener for `tracker-load`: no wrapper component needed.
import '@cargo-trackers/ocean-tracker';
import '@cargo-trackers/air-tracker';
import type {} from '@cargo-trackers/ocean-tracker/jsx-react';
import type {} from '@cargo-trackers/air-tracker/jsx-react';
import type { TrackerErrorEvent, TrackerLoadEvent } from '@cargo-trackers/core';
import { useState } from 'react';

/** `?proxy=/some/base` points the example at another proxy (the tests' scripted one). */
const proxyBase = new URLSearchParams(location.search).get('proxy') ?? '/api/tracking';
const messages = { 'form.submit': 'Find shipment' };

export function App() {
  const [reference, setReference] = useState('MSCU1234565');
  const [events, setEvents] = useState<string[]>([]);
  const log = (line: string) => setEvents((previous) => [...previous, line]);

  return (
    <main>
      <h1>Track a container</h1>
      <button id="next" type="button" onClick={() => setReference('MAEU1234567')}>
        Show another container
      </button>
      <ocean-tracker
        proxy-url={`${proxyBase}/ocean`}
        reference-number={reference}
        theme="dark"
        map="none"
        pollInterval={5}
        messages={messages}
        ontracker-load={(event: TrackerLoadEvent) => log(`load ${event.shipment.reference}`)}
        ontracker-error={(event: TrackerErrorEvent) => log(`error ${event.detail.status}`)}
      />
      <air-tracker proxyUrl={`${proxyBase}/air`} map="none" />
      <ol id="events">
        {events.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
    </main>
  );
}
