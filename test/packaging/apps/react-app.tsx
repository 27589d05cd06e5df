// React 19 (and, with the import swapped, Preact 11 and a pnpm app): both elements with every attribute, property and event, through cargo-trackers alone.
import type {} from 'cargo-trackers/jsx-react';
import {
  TrackerLoadEvent,
  type Shipment,
  type Messages,
  type TrackerErrorEvent,
  type TrackerPendingEvent,
  type TrackerStateChangeEvent,
  type TrackerNumberChangeEvent,
} from 'cargo-trackers';

const messages: Messages = { 'form.submit': 'Go' };
const seen: Shipment[] = [];
export const asAttributes = (
  <>
    <ocean-tracker
      proxy-url="/api/tracking/ocean"
      reference-number="MEDU9091004"
      carrier-code="MAEU"
      poll-interval="30"
      refresh-interval="30"
      remember={5}
      carriers-url="/api/tracking/carriers/ocean"
      theme="dark"
      density="compact"
      sync-url
      url-param="box"
      heading-level="3"
      map="eager"
      tile-url="https://tiles.example/{z}/{x}/{y}.png"
      tile-attribution="Tiles"
      lang="de"
      ontracker-load={(event) => seen.push(event.shipment)}
      ontracker-pending={(event: TrackerPendingEvent) => event.retryAt.getTime() + event.attempt}
      ontracker-error={(event: TrackerErrorEvent) => event.detail.code.length}
      ontracker-state-change={(event: TrackerStateChangeEvent) => event.state === 'loaded'}
      ontracker-number-change={(event: TrackerNumberChangeEvent) => event.number.length}
    />
    <air-tracker proxy-url="/api/tracking/air" awb-number="020-12345675" poll-interval={45} theme="auto" map="none" />
  </>
);
export const asProperties = (
  <>
    <ocean-tracker
      proxyUrl="/api/tracking/ocean"
      referenceNumber="MEDU9091004"
      carrierCode="MAEU"
      pollInterval={30}
      refreshInterval={30}
      remember={5}
      carriersUrl="/c"
      theme="light"
      density="comfortable"
      syncUrl={true}
      urlParam="box"
      headingLevel={3}
      map="lazy"
      tileUrl="https://tiles.example/{z}/{x}/{y}.png"
      tileAttribution="Tiles"
      lang="en"
      messages={messages}
      normalizer={() => ({ ok: false, reason: 'not mine' })}
    />
    <air-tracker proxyUrl="/api/tracking/air" awbNumber="020-12345675" ontracker-load={(event) => event instanceof TrackerLoadEvent} />
  </>
);
export const wrong = [
  // @ts-expect-error an unknown theme
  <ocean-tracker theme="purple" />,
  // @ts-expect-error a poll interval that is not a number
  <ocean-tracker poll-interval="often" />,
  // @ts-expect-error pollInterval is a number property
  <ocean-tracker pollInterval="30" />,
  // @ts-expect-error an unknown prop
  <ocean-tracker referenceNumbr="MEDU9091004" />,
  // @ts-expect-error awbNumber belongs to <air-tracker>
  <ocean-tracker awbNumber="020-12345675" />,
  // @ts-expect-error an unknown density
  <air-tracker density="tiny" />,
  // @ts-expect-error the load listener gets a TrackerLoadEvent, which has no `foo`
  <air-tracker ontracker-load={(event) => event.foo} />,
];
