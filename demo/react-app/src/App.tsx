// The React components the README recommends (made with `@lit/react`): typed camelCase props,
// `on…` listeners, and importing them registers the tags. The kebab-case attributes go into the
// element as well, so a server-rendered page already has them before hydration.
import { AirTracker, OceanTracker } from 'cargo-trackers/react';
import type { TrackingPhase } from 'cargo-trackers';
import { useState } from 'react';

/** `?proxy=/some/base` points the example at another proxy (the tests' scripted one). */
const proxyBase = new URLSearchParams(location.search).get('proxy') ?? '/api/tracking';
const messages = { 'form.submit': 'Find shipment' };

export function App() {
  const [reference, setReference] = useState('MSCU1234565');
  const [state, setState] = useState<TrackingPhase | undefined>();
  const [events, setEvents] = useState<string[]>([]);
  const log = (line: string) => setEvents((previous) => [...previous, line]);

  return (
    <main>
      <h1>Track a container</h1>
      <button id="next" type="button" onClick={() => setReference('MAEU1234567')}>
        Show another container
      </button>
      <p>
        Lookup: <output id="state">{state ?? 'not started'}</output>
      </p>
      <OceanTracker
        proxyUrl={`${proxyBase}/ocean`}
        referenceNumber={reference}
        theme="dark"
        map="none"
        pollInterval={5}
        messages={messages}
        onTrackerStateChange={(event) => setState(event.state)}
        // The props are set at each render: a number the visitor sends from the form goes into the
        // app's state, or the next render would put the old one back.
        onTrackerNumberChange={(event) => setReference(event.number)}
        onTrackerLoad={(event) => log(`load ${event.shipment.reference}`)}
        onTrackerError={(event) => log(`error ${event.detail.status}`)}
      />
      <AirTracker proxyUrl={`${proxyBase}/air`} map="none" />
      <ol id="events">
        {events.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ol>
    </main>
  );
}
