import { nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { RenderContext } from '../view/render-context.js';

/** Advice shown in the form before sending: never a silent rewrite of the number. */
export type Advice =
  | { readonly kind: 'empty' }
  | { readonly kind: 'shape'; readonly number: string }
  | { readonly kind: 'check-digit'; readonly number: string; readonly expected: number };

/** Renders the advice: the lookup's code holds it (../lookup/number-advice.ts), and `loadAdvice` brings it. */
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
  /** Tracks the number exactly as typed. */
  readonly send: (number: string) => void;
}

/**
 * The typed number of a tracker's form and the advice given before it is sent: an empty
 * field is pointed out; a number that cannot be of any kind the service looks up, or has a
 * wrong check digit, gets a warning and "Track anyway" instead of a billed request. What the
 * visitor typed is what is sent; the checks only advise. It holds state for its host and
 * asks it to render when that changes; it has no lifecycle of its own. The advice's rendering,
 * styles and English come with the lookup's code (./number-advice.ts), loaded by `loadAdvice` at
 * the first advice if focusing the form has not brought it already.
 */
export class NumberEntry {
  input = '';
  advice: Advice | undefined;
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
    this.#host.requestUpdate();
  };

  readonly onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    const number = this.input;
    const expected = number.trim() === '' ? undefined : this.#options.expectedCheckDigit(number);
    if (number.trim() === '') this.advice = { kind: 'empty' };
    else if (!this.#options.plausible(number)) this.advice = { kind: 'shape', number };
    else if (expected !== undefined) this.advice = { kind: 'check-digit', number, expected };
    else return this.send(number);
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

  send(number: string): void {
    this.advice = undefined;
    this.#host.requestUpdate();
    this.#options.send(number);
  }

  /** `aria-describedby` ids for the input: the advice when some is shown, plus `extra`. */
  describedBy(extra?: string): string | typeof nothing {
    const ids = [extra, this.advice && this.#advise ? 'advice' : undefined].filter((id) => id !== undefined).join(' ');
    return ids === '' ? nothing : ids;
  }

  renderAdvice(ctx: RenderContext): TemplateResult | typeof nothing {
    const advice = this.advice;
    return advice && this.#advise ? this.#advise(advice, this.#options, (number) => this.send(number), ctx) : nothing;
  }
}
