import type { CSSResult, ReactiveController, ReactiveControllerHost } from 'lit';

export interface LazyViewOptions<V> {
  /** Imports the view (dynamic `import()`s). */
  readonly load: () => Promise<V>;
  /** The styles that came with the view, adopted into the host's shadow root once it is here. */
  readonly styles: (view: V) => ReadonlyArray<CSSResult | undefined>;
}

/**
 * Loads a part of the element that the first paint does not need (the shipment view and the
 * product's normalizer), once: every caller shares one download, the host renders again when
 * it is here, and a failed download is forgotten so that the next call tries again.
 */
export class LazyViewController<V> implements ReactiveController {
  /** The view once loaded. */
  value: V | undefined;

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: LazyViewOptions<V>;
  #loading: Promise<V> | undefined;
  #adopted = false;

  constructor(host: ReactiveControllerHost & HTMLElement, options: LazyViewOptions<V>) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** The download under way, if the view is not here yet and something asked for it. */
  get pending(): Promise<V> | undefined {
    return this.value === undefined ? this.#loading : undefined;
  }

  /** The view, loading it if no load is under way or done. */
  load(): Promise<V> {
    this.#loading ??= this.#options.load().then(
      (view) => {
        this.value = view;
        this.#adopt(this.#options.styles(view));
        this.#host.requestUpdate();
        return view;
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }

  /** A view loaded before the host first rendered has no shadow root to go to yet. */
  hostUpdated(): void {
    if (this.value !== undefined && !this.#adopted) this.#adopt(this.#options.styles(this.value));
  }

  #adopt(styles: ReadonlyArray<CSSResult | undefined>): void {
    const root = this.#host.shadowRoot;
    if (!root) return;
    this.#adopted = true;
    for (const style of styles) {
      const sheet = style?.styleSheet;
      if (sheet && 'adoptedStyleSheets' in root) {
        if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      } else if (style) {
        const element = document.createElement('style');
        element.textContent = style.cssText;
        root.append(element);
      }
    }
  }
}
