// A Lit app checked by lit-analyzer (strict): both elements with every attribute, property and event.
import { html, LitElement, type TemplateResult } from 'lit';
import 'cargo-trackers';
import type {
  Messages,
  Shipment,
  TrackerErrorEvent,
  TrackerLoadEvent,
  TrackerNumberChangeEvent,
  TrackerPendingEvent,
  TrackerStateChangeEvent,
} from 'cargo-trackers';

const messages: Messages = { 'form.submit': 'Go' };

export class TrackingPage extends LitElement {
  shipments: Shipment[] = [];

  onLoad(event: TrackerLoadEvent): void {
    this.shipments.push(event.shipment);
  }

  onPending(event: TrackerPendingEvent): void {
    console.log(event.retryAt, event.attempt);
  }

  onError(event: TrackerErrorEvent): void {
    console.log(event.code);
  }

  onState(event: TrackerStateChangeEvent): void {
    console.log(event.state === 'loaded');
  }

  onNumber(event: TrackerNumberChangeEvent): void {
    console.log(event.number.length);
  }

  override render(): TemplateResult {
    return html`
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
        .messages=${messages}
        .normalizer=${() => ({ ok: false as const, reason: 'not mine' })}
        @tracker-load=${this.onLoad}
        @tracker-pending=${this.onPending}
        @tracker-error=${this.onError}
        @tracker-state-change=${this.onState}
        @tracker-number-change=${this.onNumber}
      ></ocean-tracker>
      <air-tracker
        .proxyUrl=${'/api/tracking/air'}
        .awbNumber=${'020-12345675'}
        .pollInterval=${45}
        .refreshInterval=${30}
        .remember=${5}
        .carriersUrl=${'/c'}
        .theme=${'auto' as const}
        .density=${'comfortable' as const}
        .syncUrl=${true}
        .urlParam=${'awb2'}
        .headingLevel=${3}
        .map=${'none' as const}
        .tileUrl=${'/tiles'}
        .tileAttribution=${'Tiles'}
        .lang=${'en'}
        awb-number="020-12345675"
      ></air-tracker>
      <ocean-tracker .referenceNumber=${'MEDU9091004'} .carrierCode=${'MAEU'}></ocean-tracker>
    `;
  }
}
customElements.define('tracking-page', TrackingPage);

declare global {
  interface HTMLElementTagNameMap {
    'tracking-page': TrackingPage;
  }
}
