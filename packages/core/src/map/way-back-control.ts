/**
 * The way back to the route: a Leaflet control under the zoom buttons with "Fit route", and
 * "Show vessel" or "Show aircraft" while a live position is drawn. Native buttons, so the Tab key
 * reaches them and assistive technology names them by their text.
 */
import type { Map as LeafletMap } from 'leaflet';
import { Control, disableClickPropagation } from './leaflet-parts.js';

export interface WayBackActions {
  readonly fitRoute: () => void;
  /** Absent while no live position is drawn. */
  readonly showVehicle?: () => void;
}

export interface WayBackWords {
  readonly fitRoute: string;
  /** "Show vessel" or "Show aircraft"; absent with no live position. */
  readonly showVehicle?: string;
}

export class WayBackControl extends Control {
  private readonly container = document.createElement('div');
  private actions: WayBackActions = { fitRoute: () => {} };

  override onAdd(_map: LeafletMap): HTMLElement {
    this.container.className = 'leaflet-bar tracker-way-back';
    this.container.setAttribute('part', 'way-back');
    // A press here is the control's, not a drag or a double-click zoom of the map under it.
    disableClickPropagation(this.container);
    return this.container;
  }

  /** Shows `words` on buttons that call `actions`, keeping the focus on a button that stays. */
  update(words: WayBackWords, actions: WayBackActions): void {
    this.actions = actions;
    const wanted: Array<[string, string]> = [['fit-route', words.fitRoute]];
    if (words.showVehicle && actions.showVehicle) wanted.push(['show-vehicle', words.showVehicle]);
    const current = [...this.container.children] as HTMLButtonElement[];
    if (current.length === wanted.length && current.every((b, i) => b.dataset.action === wanted[i]![0] && b.textContent === wanted[i]![1]))
      return;
    const root = this.container.getRootNode() as Document | ShadowRoot;
    const focused = (root.activeElement as HTMLElement | null)?.dataset?.action;
    this.container.replaceChildren(
      ...wanted.map(([action, text]) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = `tracker-way-back-${action}`;
        button.dataset.action = action;
        button.textContent = text;
        button.addEventListener('click', () => (action === 'fit-route' ? this.actions.fitRoute() : this.actions.showVehicle?.()));
        return button;
      }),
    );
    if (focused) this.container.querySelector<HTMLElement>(`[data-action="${focused}"]`)?.focus();
  }
}
