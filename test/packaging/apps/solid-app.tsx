// Solid: both elements with every attribute, property (plain and `prop:`) and event (`on:`), through cargo-trackers alone.
import type {} from 'cargo-trackers/solid';
import type {
  Messages,
  Shipment,
  TrackerErrorEvent,
  TrackerPendingEvent,
  TrackerStateChangeEvent,
  TrackerNumberChangeEvent,
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
      carriers-url="/api/tracking/carriers/ocean"
      theme="dark"
      density="compact"
      sync-url
      url-param="box"
      map="eager"
      tile-url="https://tiles.example/{z}/{x}/{y}.png"
      tile-attribution="Tiles"
      lang="de"
      on:tracker-load={(event) => seen.push(event.shipment)}
      on:tracker-pending={(event: TrackerPendingEvent) => event.retryAt.getTime() + event.attempt}
      on:tracker-error={(event: TrackerErrorEvent) => event.detail.code.length}
      on:tracker-state-change={(event: TrackerStateChangeEvent) => event.state === 'loaded'}
      on:tracker-number-change={(event: TrackerNumberChangeEvent) => event.number.length}
    />
    <air-tracker attr:proxy-url="/api/tracking/air" attr:awb-number="020-12345675" />
  </>
);
export const asProperties = (
  <>
    <ocean-tracker
      proxyUrl="/api/tracking/ocean"
      referenceNumber="MEDU9091004"
      carrierCode="MAEU"
      pollInterval={30}
      carriersUrl="/c"
      theme="light"
      density="comfortable"
      syncUrl={true}
      urlParam="box"
      map="lazy"
      tileUrl="/tiles"
      tileAttribution="Tiles"
      lang="en"
      messages={messages}
      normalizer={() => ({ ok: false, reason: 'not mine' })}
    />
    <air-tracker prop:proxyUrl="/api/tracking/air" prop:awbNumber="020-12345675" prop:pollInterval={45} awbNumber="020-12345675" />
  </>
);
export const wrong = [
  // @ts-expect-error an unknown theme
  <ocean-tracker theme="purple" />,
  // @ts-expect-error a poll interval that is not a number
  <ocean-tracker poll-interval="often" />,
  // @ts-expect-error pollInterval is a number property
  <ocean-tracker prop:pollInterval="30" />,
  // @ts-expect-error an unknown prop
  <ocean-tracker referenceNumbr="MEDU9091004" />,
  // @ts-expect-error the load listener gets a TrackerLoadEvent, which has no `foo`
  <air-tracker on:tracker-load={(event) => event.foo} />,
];
