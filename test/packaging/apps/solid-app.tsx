// Solid: both elements with every attribute and property (kebab-case, `prop:` and `attr:`) and event (`on:`), through
// cargo-trackers alone; only the forms that reach the element type-check.
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
      refresh-interval="30"
      remember="5"
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
      proxy-url={'/api/tracking/ocean'}
      reference-number={'MEDU9091004'}
      poll-interval={30}
      sync-url={true}
      messages={messages}
      normalizer={() => ({ ok: false, reason: 'not mine' })}
      class="tracker"
      id="ocean"
      hidden={false}
      style={{ 'max-inline-size': '40rem' }}
      onClick={(event) => event.button}
      ontracker-load={(event) => seen.push(event.shipment)}
    />
    <ocean-tracker
      prop:referenceNumber="MEDU9091004"
      prop:carrierCode="MAEU"
      prop:proxyUrl="/api/tracking/ocean"
      prop:pollInterval={30}
      prop:refreshInterval={30}
      prop:remember={5}
      prop:carriersUrl="/c"
      prop:theme="light"
      prop:density="comfortable"
      prop:syncUrl={true}
      prop:urlParam="box"
      prop:headingLevel={3}
      prop:map="lazy"
      prop:tileUrl="/tiles"
      prop:tileAttribution="Tiles"
      prop:lang="en"
      prop:messages={messages}
      prop:normalizer={() => ({ ok: false, reason: 'not mine' })}
    />
    <air-tracker prop:proxyUrl="/api/tracking/air" prop:awbNumber="020-12345675" prop:pollInterval={45} awb-number={'020-12345675'} />
  </>
);
// What a reviewer tries that would not reach the element: each is a type error.
export const wrong = [
  // @ts-expect-error Solid writes proxyUrl="…" into its HTML template, which lowercases it to proxyurl
  <ocean-tracker proxyUrl="/api/tracking/ocean" />,
  // @ts-expect-error bound, Solid sets the lowercased name as a property: el.pollinterval
  <ocean-tracker pollInterval={30} />,
  // @ts-expect-error awbNumber as a plain name, and on the wrong element
  <ocean-tracker awbNumber="020-12345675" />,
  // @ts-expect-error Solid listens for "trackerload" here; the event is tracker-load (on:tracker-load)
  <ocean-tracker onTrackerLoad={() => undefined} />,
  // @ts-expect-error an unknown theme
  <ocean-tracker theme="purple" />,
  // @ts-expect-error a poll interval that is not a number
  <ocean-tracker poll-interval="often" />,
  // @ts-expect-error pollInterval is a number property
  <ocean-tracker prop:pollInterval="30" />,
  // @ts-expect-error messages is an object, not a string
  <ocean-tracker messages="Find" />,
  // @ts-expect-error the load listener gets a TrackerLoadEvent, which has no `foo`
  <air-tracker on:tracker-load={(event) => event.foo} />,
];
