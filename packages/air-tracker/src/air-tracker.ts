import {
  elementTokenStyles,
  ListController,
  NumberEntry,
  TrackerElement,
  type ProductView,
  type RenderContext,
} from '@cargo-trackers/core';
import { html, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { parseAirlines, type Airline } from './airline-list.js';
import { checkAwbNumber, prefixOf } from './awb-number.js';

/**
 * Tracks an air waybill through the customer's proxy.
 *
 * Everything it shares with `<ocean-tracker>` (attributes, events, parts, custom properties) is
 * documented on `TrackerElement`; the manifest lists it on both elements.
 *
 * @summary Air waybill tracking: status, airline, ETA, route, flights, cargo figures, milestones and map.
 *
 * @csspart airline-hint - The airline named by the typed prefix (a polite live region).
 * @csspart cargo - Pieces and weight.
 * @csspart flights - The flights, in order.
 * @csspart flight - One flight: number, airports, aircraft, times and state (`data-state`).
 */
export class AirTracker extends TrackerElement {
  static override styles = [...TrackerElement.styles, elementTokenStyles('air-tracker')];

  static override properties: PropertyDeclarations = {
    awbNumber: { attribute: 'awb-number' },
  };

  /** The AWB number to track (`PPP-SSSSSSSS`), sent as written. Setting it (attribute or property) starts a lookup at once. */
  declare awbNumber: string | undefined;

  protected readonly product = 'air' as const;
  protected readonly numberAttribute = 'awb-number';
  protected get trackedNumber(): string | undefined {
    return this.awbNumber;
  }

  private readonly airlines = new ListController(this, { url: () => this.carrierListUrl(), parse: parseAirlines });

  private readonly entry = new NumberEntry(this, {
    expectedCheckDigit: (number) => {
      const check = checkAwbNumber(number);
      return check.kind === 'invalid-check-digit' ? check.expected : undefined;
    },
    checkDigitMessage: 'form.checkDigit.awb',
    send: (number) => {
      this.awbNumber = number;
      this.startLookup(number, params(number), true);
    },
  });

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('awbNumber') && this.awbNumber !== undefined) this.entry.input = this.awbNumber;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if ((changed.has('awbNumber') || changed.has('proxyUrl')) && this.awbNumber) {
      this.startLookup(this.awbNumber, params(this.awbNumber));
    }
  }

  /** The airline list's entry for a prefix; undefined while the list is loading or unavailable. */
  private airlineFor(prefix: string): Airline | null | undefined {
    const list = this.airlines.value;
    if (list === undefined) return undefined;
    return list.find((a) => a.prefix === prefix) ?? null;
  }

  protected renderForm(ctx: RenderContext): TemplateResult {
    const { l } = ctx;
    return html`<form class="single" part="form" @submit=${this.entry.onSubmit} novalidate>
      <div class="field">
        <label for="number">${l.t('form.label.air')}</label>
        <input
          id="number"
          name="number"
          autocomplete="off"
          inputmode="numeric"
          spellcheck="false"
          placeholder=${l.t('form.placeholder.air')}
          aria-describedby=${this.entry.describedBy('airline-hint')}
          aria-invalid=${this.entry.advice ? 'true' : 'false'}
          .value=${this.entry.input}
          @input=${this.entry.onInput}
        />
      </div>
      <div class="form-actions"><button type="submit" part="submit-button">${l.t('form.submit')}</button></div>
      ${this.renderAirlineHint(ctx)} ${this.entry.renderAdvice(ctx)}
    </form>`;
  }

  /**
   * Always in the DOM, so the live region exists before its text changes; the text changes
   * only when the prefix does, so a screen reader hears the airline once, not every keystroke.
   */
  private renderAirlineHint(ctx: RenderContext): TemplateResult {
    const { l } = ctx;
    const prefix = prefixOf(this.entry.input);
    const airline = prefix === undefined ? undefined : this.airlineFor(prefix);
    const text =
      prefix === undefined || airline === undefined
        ? ''
        : airline === null
          ? l.t('form.airline.unknown', { prefix })
          : l.t('form.airline', { name: airline.iata ? `${airline.name} (${airline.iata})` : airline.name });
    return html`<p class="hint" id="airline-hint" part="airline-hint" role="status">${text}</p>`;
  }

  /** A document without the airline's name still gets one when the airline list knows its prefix. */
  protected override listedCarrierName(code: string): string | undefined {
    return this.airlineFor(code)?.name;
  }

  protected loadProductView(): Promise<ProductView> {
    return import('./air-view.js');
  }
}

/** The request's query: the number exactly as written, and the route data for the map. */
function params(number: string): Array<[string, string]> {
  return [
    ['number', number],
    ['routePath', 'true'],
  ];
}

declare global {
  interface HTMLElementTagNameMap {
    'air-tracker': AirTracker;
  }
}
