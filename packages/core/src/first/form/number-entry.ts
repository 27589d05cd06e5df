import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { RenderContext } from '../../contracts/render-context.js';

/** Advice shown in the form before sending: never a silent rewrite of the number. */
export type Advice =
  | { readonly kind: 'empty' }
  | { readonly kind: 'shape'; readonly number: string }
  | { readonly kind: 'check-digit'; readonly number: string; readonly expected: number };

/** Renders the advice: the lookup's code holds it (../../lookup/number-advice.ts), and `loadAdvice` brings it. */
export type AdviceRenderer = (
  advice: Advice,
  options: Pick<NumberEntryOptions, 'shapeMessage' | 'checkDigitMessage'>,
  trackAnyway: (number: string) => void,
  context: RenderContext,
) => TemplateResult;

export interface NumberEntryOptions {
  /** The right check digit when `number` has the product's shape but not its check digit; else undefined. */
  readonly expectedCheckDigit: (number: string) => number | undefined;
  readonly checkDigitMessage: 'form.checkDigit.container' | 'form.checkDigit.awb';
  /** Whether `number` can be one of the kinds of number the service looks up; a lookup that cannot succeed is still billed. */
  readonly plausible: (number: string) => boolean;
  readonly shapeMessage: 'form.shape.ocean' | 'form.shape.air';
  /** Loads the lookup's code, which renders the advice (and brings its styles and English). */
  readonly loadAdvice: () => Promise<{ readonly renderAdvice: AdviceRenderer }>;
  /**
   * The number's one spelling when its kind leaves no doubt (a container number or an AWB number
   * whose check digit passes, however spaced); undefined sends the number as typed.
   */
  readonly searchable: (number: string) => string | undefined;
  /** Tracks the number. */
  readonly send: (number: string) => void;
}

/**
 * The typed number of a tracker's form and the advice given before it is sent: an empty
 * field is pointed out; a number that cannot be of any kind the service looks up, or has a
 * wrong check digit, gets a warning and "Track anyway" instead of a billed request. What the
 * visitor typed is what is sent, but for a number whose kind makes its spelling certain
 * (`searchable`), which is sent in that spelling and named under the field. It holds state for its host and
 * asks it to render when that changes; it has no lifecycle of its own. The advice's rendering,
 * styles and English come with the lookup's code (./number-advice.ts), loaded by `loadAdvice` at
 * the first advice if focusing the form has not brought it already.
 */
export class NumberEntry {
  input = '';
  advice: Advice | undefined;
  /** The number the form last sent: a number the page sets is another. */
  sent: string | undefined;
  /** The spelling sent for the number in the field, when it is not the one typed. */
  #searched: string | undefined;
  /** The advice's rendering while it downloads (the host's lookup code, whose download its `updateComplete` waits for). */
  #pending: Promise<unknown> | undefined;

  #advise?: AdviceRenderer;

  readonly #host: ReactiveControllerHost;
  readonly #options: NumberEntryOptions;

  constructor(host: ReactiveControllerHost, options: NumberEntryOptions) {
    this.#host = host;
    this.#options = options;
  }

  readonly onInput = (event: InputEvent): void => {
    this.input = (event.target as HTMLInputElement).value;
    this.advice = undefined;
    this.#searched = undefined;
    this.#host.requestUpdate();
  };

  readonly onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    const number = this.input;
    const expected = number.trim() === '' ? undefined : this.#options.expectedCheckDigit(number);
    if (number.trim() === '') this.advice = { kind: 'empty' };
    else if (!this.#options.plausible(number)) this.advice = { kind: 'shape', number };
    else if (expected !== undefined) this.advice = { kind: 'check-digit', number, expected };
    else {
      const searchable = this.#options.searchable(number) ?? number;
      this.send(searchable);
      this.#searched = searchable === number ? undefined : searchable;
      return;
    }
    this.#loadAdvice();
    this.#host.requestUpdate();
  };

  /** Loads the advice's rendering once; a failed download is tried again at the next advice. */
  #loadAdvice(): void {
    if (this.#advise || this.#pending) return;
    this.#pending = this.#options.loadAdvice().then(
      (lookup) => {
        this.#pending = undefined;
        this.#advise = lookup.renderAdvice;
        this.#host.requestUpdate();
      },
      () => (this.#pending = undefined),
    );
  }

  /** Puts a number in the field that the visitor did not type (the page's, or one offered by a notice). */
  show(number: string): void {
    this.input = number;
    this.advice = undefined;
    this.#searched = undefined;
  }

  /** Sends `number` as it is ("Track anyway", or another spelling the visitor chose). */
  send(number: string): void {
    this.advice = undefined;
    this.#searched = undefined;
    this.sent = number;
    this.#host.requestUpdate();
    this.#options.send(number);
  }

  /** `aria-describedby` ids for the input: what was searched, the advice when some is shown, plus `extra`. */
  describedBy(extra?: string): string | typeof nothing {
    const ids = [extra, this.#searched && 'searched', this.advice && this.#advise ? 'advice' : undefined].filter(Boolean).join(' ');
    return ids === '' ? nothing : ids;
  }

  /** "Searched MEDU9091004" under the field, while it holds the spelling that was rewritten. */
  renderSearched({ l }: RenderContext): TemplateResult | typeof nothing {
    return this.#searched
      ? html`<p class="hint" id="searched" part="searched">${l.t('form.searched', { number: this.#searched })}</p>`
      : nothing;
  }

  renderAdvice(ctx: RenderContext): TemplateResult | typeof nothing {
    const advice = this.advice;
    return advice && this.#advise ? this.#advise(advice, this.#options, (number) => this.send(number), ctx) : nothing;
  }
}
