// The renderer's declarations import Leaflet's source modules; this makes those paths typed for consumers.
/// <reference path="./leaflet-esm.ts" preserve="true" />
/**
 * When the map's code is fetched: `lazy` (when the map comes within `rootMargin` of the
 * viewport), `eager` (as soon as it is shown), or `none` (never). Nothing here touches
 * `window` at import time, so the packages import cleanly in Node and during SSR.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export { mapLoadingConverter, parseMapLoading, type MapLoading } from '../first/shared.js';

type MapRendererModule = typeof import('./leaflet-route-map.js');

let renderer: Promise<MapRendererModule> | undefined;

/**
 * Fetches the map chunk (Leaflet, its CSS, the basemap) once per page. The dynamic import
 * is what makes a bundler split that chunk off. A failed fetch is forgotten so a later
 * attempt can retry (e.g. after the network comes back).
 */
export function loadMapRenderer(): Promise<MapRendererModule> {
  renderer ??= import('./leaflet-route-map.js').catch((error: unknown) => {
    renderer = undefined;
    throw error;
  });
  return renderer;
}

export interface NearViewportOptions {
  /** How far outside the viewport counts as near; CSS margin syntax. */
  readonly rootMargin?: string;
  /** Whether to watch at all right now (e.g. only while `loading` is `lazy` and there is a route). */
  readonly enabled: () => boolean;
}

/**
 * Sets `near` once the host has come within `rootMargin` of the viewport, and asks the
 * host to update. Observes only while connected and enabled; once near, it stays near
 * (the code is loaded by then, so there is nothing left to save).
 */
export class NearViewportController implements ReactiveController {
  near = false;
  #observer: IntersectionObserver | undefined;
  readonly #host: ReactiveControllerHost & Element;
  readonly #options: NearViewportOptions;

  constructor(host: ReactiveControllerHost & Element, options: NearViewportOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.#sync();
  }

  hostUpdated(): void {
    this.#sync();
  }

  hostDisconnected(): void {
    this.#stop();
  }

  #sync(): void {
    if (this.near || !this.#host.isConnected || !this.#options.enabled()) {
      this.#stop();
      return;
    }
    if (this.#observer) return;
    if (typeof IntersectionObserver === 'undefined') {
      // Without the API there is no cheap way to know; showing the map beats never showing it.
      this.#becomeNear();
      return;
    }
    this.#observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.#becomeNear();
      },
      { rootMargin: this.#options.rootMargin ?? '200px' },
    );
    this.#observer.observe(this.#host);
  }

  #becomeNear(): void {
    this.near = true;
    this.#stop();
    this.#host.requestUpdate();
  }

  #stop(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
  }
}
