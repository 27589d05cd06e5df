import {
  elementTokenStyles,
  inSentence,
  ListController,
  NumberEntry,
  TrackerElement,
  type ProductView,
  type RenderContext,
} from '@cargo-trackers/core';
import { html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { checkContainerNumber } from './container-number.js';
import { parseOceanCarriers, type OceanCarrier } from './carrier-list.js';

/**
 * Tracks an ocean container, bill of lading or booking through the customer's proxy.
 *
 * Everything it shares with `<air-tracker>` (attributes, events, parts, custom properties) is
 * documented on `TrackerElement`; the manifest lists it on both elements.
 *
 * @summary Ocean container, bill of lading and booking tracking: status, ETA, route, vessels, milestones and map.
 *
 * @csspart vessels - The vessels and their voyages.
 */
export class OceanTracker extends TrackerElement {
  static override styles = [...TrackerElement.styles, elementTokenStyles('ocean-tracker')];

  static override properties: PropertyDeclarations = {
    referenceNumber: { attribute: 'reference-number' },
    carrierCode: { attribute: 'carrier-code' },
    picked: { state: true },
  };

  /** The number to track. Setting it (attribute or property) starts a lookup at once. */
  declare referenceNumber: string | undefined;
  /** A preset carrier code (SCAC-style, e.g. `MAEU`); otherwise the service detects the carrier. */
  declare carrierCode: string | undefined;
  /** The carrier the visitor picked; `undefined` means "not touched", so `carrier-code` applies. */
  declare private picked: string | undefined;
  /** The last number this form sent, to tell it from a number the page sets. */
  private sentFromForm: string | undefined;

  protected readonly product = 'ocean' as const;
  protected readonly numberAttribute = 'reference-number';
  protected get trackedNumber(): string | undefined {
    return this.referenceNumber;
  }

  private readonly carriers = new ListController(this, { url: () => this.carrierListUrl(), parse: parseOceanCarriers });

  private readonly entry = new NumberEntry(this, {
    expectedCheckDigit: (number) => {
      const check = checkContainerNumber(number);
      return check.kind === 'invalid-check-digit' ? check.expected : undefined;
    },
    checkDigitMessage: 'form.checkDigit.container',
    send: (number) => {
      this.sentFromForm = number;
      this.referenceNumber = number;
      this.startLookup(number, this.params(number), true);
    },
  });

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // A carrier or a number set by the page (not by this form) replaces the visitor's earlier pick.
    const fromPage = changed.has('carrierCode') || (changed.has('referenceNumber') && this.referenceNumber !== this.sentFromForm);
    if (fromPage && this.hasUpdated) this.picked = undefined;
    if (changed.has('referenceNumber') && this.referenceNumber !== undefined) this.entry.input = this.referenceNumber;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if ((changed.has('referenceNumber') || changed.has('carrierCode') || changed.has('proxyUrl')) && this.referenceNumber) {
      this.startLookup(this.referenceNumber, this.params(this.referenceNumber));
    }
  }

  /** The carrier that goes with the request: the visitor's pick, else the attribute. */
  private carrier(): string | undefined {
    return this.picked !== undefined ? this.picked || undefined : this.carrierCode || undefined;
  }

  private params(number: string): Array<[string, string]> {
    const params: Array<[string, string]> = [['referenceNumber', number]];
    const carrier = this.carrier();
    if (carrier) params.push(['carrierCode', carrier]);
    params.push(['routeDetails', 'true']);
    return params;
  }

  protected renderForm(ctx: RenderContext): TemplateResult {
    const { l } = ctx;
    const carriers = this.carriers.value ?? [];
    const selected = this.carrier() ?? '';
    const requirement = this.containerRequirement(carriers, selected);
    return html`<form part="form" @submit=${this.entry.onSubmit} novalidate>
      <div class="field">
        <label for="number">${l.t('form.label.ocean')}</label>
        <input
          id="number"
          name="referenceNumber"
          autocomplete="off"
          autocapitalize="characters"
          spellcheck="false"
          placeholder=${l.t('form.placeholder.ocean')}
          aria-describedby=${this.entry.describedBy()}
          aria-invalid=${this.entry.advice ? 'true' : 'false'}
          .value=${this.entry.input}
          @input=${this.entry.onInput}
        />
      </div>
      <div class="field">
        <label for="carrier">${l.t('form.carrier')}</label>
        <select id="carrier" name="carrierCode" @change=${(e: Event) => (this.picked = (e.target as HTMLSelectElement).value)}>
          <option value="" ?selected=${selected === ''}>${l.t('form.carrier.auto')}</option>
          ${carriers.map((c) => html`<option value=${c.code} ?selected=${c.code === selected}>${c.name}</option>`)}
          ${selected && !carriers.some((c) => c.code === selected) ? html`<option value=${selected} selected>${selected}</option>` : nothing}
        </select>
      </div>
      <div class="form-actions"><button type="submit" part="submit-button">${l.t('form.submit')}</button></div>
      ${requirement ? html`<p class="hint" id="requirement">${requirement}</p>` : nothing}
      ${this.entry.renderAdvice(ctx)}
    </form>`;
  }

  /** A document that gives only the carrier's code still names it when the carrier list does. */
  protected override listedCarrierName(code: string): string | undefined {
    return this.carriers.value?.find((c) => c.code === code)?.name;
  }

  private containerRequirement(carriers: readonly OceanCarrier[], code: string): string | undefined {
    const carrier = carriers.find((c) => c.code === code);
    if (!carrier || carrier.containerNumberRequiredWith.length === 0) return undefined;
    if (checkContainerNumber(this.entry.input).kind !== 'not-a-container') return undefined;
    const l = this.localizer;
    const kinds = carrier.containerNumberRequiredWith.map((k) => inSentence(l.t(`reference.${k}`), l.locale));
    return l.t('form.containerRequired', { carrier: carrier.name, kind: new Intl.ListFormat(l.locale, { type: 'disjunction' }).format(kinds) });
  }

  protected loadProductView(): Promise<ProductView> {
    return import('./ocean-view.js');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ocean-tracker': OceanTracker;
  }
}
