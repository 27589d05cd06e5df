// The activation alone, on a bare Leaflet map: passive until a click or focus, passive again on
// blur, the hint asked for by a wheel turn or a finger on the passive map, and nothing left
// listening once disabled.
import { expect } from '@open-wc/testing';
import type { Map as LeafletMap } from 'leaflet';
import { Activation } from '../../../../packages/core/src/map/activation.js';
import { LeafletMapClass } from '../../../../packages/core/src/map/leaflet-parts.js';
import { WheelZoom } from '../../../../packages/core/src/map/wheel-zoom.js';

describe('the map activation', () => {
  let container: HTMLDivElement;
  let map: LeafletMap;
  let hints: boolean[];
  let activation: Activation;

  beforeEach(() => {
    container = document.createElement('div');
    container.style.cssText = 'width: 400px; height: 300px';
    document.body.append(container);
    map = new LeafletMapClass(container, { dragging: false, scrollWheelZoom: false, center: [20, 0], zoom: 1 });
    map.addHandler('scrollWheelZoom', WheelZoom);
    hints = [];
    activation = new Activation(map, (visible) => hints.push(visible));
    activation.enable();
  });

  afterEach(() => {
    activation.disable();
    map.remove();
    container.remove();
  });

  const wheel = () => container.dispatchEvent(new WheelEvent('wheel', { deltaY: 0 }));
  const press = (pointerType: string) => container.dispatchEvent(new PointerEvent('pointerdown', { pointerType }));

  it('leaves the map passive until the visitor clicks or focuses it', () => {
    expect(map.dragging.enabled()).to.be.false;
    expect(map.scrollWheelZoom.enabled()).to.be.false;
    expect(activation.engaged).to.be.false;
    container.dispatchEvent(new MouseEvent('click'));
    expect(map.dragging.enabled()).to.be.true;
    expect(map.scrollWheelZoom.enabled()).to.be.true;
    expect(activation.engaged).to.be.true;
    expect(hints).to.deep.equal([false]);
  });

  it('activates on focus and lets go on blur, staying engaged', () => {
    container.dispatchEvent(new FocusEvent('focus'));
    expect(map.dragging.enabled()).to.be.true;
    container.dispatchEvent(new FocusEvent('blur'));
    expect(map.dragging.enabled()).to.be.false;
    expect(map.scrollWheelZoom.enabled()).to.be.false;
    expect(activation.engaged).to.be.true;
  });

  it('asks for the hint on a wheel turn or a finger over the passive map, not over the active one', () => {
    wheel();
    press('touch');
    expect(hints).to.deep.equal([true, true]);
    expect(map.dragging.enabled(), 'a finger may be scrolling the page').to.be.false;
    press('mouse');
    expect(hints).to.deep.equal([true, true, false]);
    wheel();
    press('touch');
    expect(hints).to.deep.equal([true, true, false]);
  });

  it('listens to nothing and drops the hint timer once disabled', () => {
    const cleared: unknown[] = [];
    const realClear = globalThis.clearTimeout;
    wheel();
    globalThis.clearTimeout = ((id: ReturnType<typeof setTimeout>) => {
      cleared.push(id);
      realClear(id);
    }) as typeof clearTimeout;
    try {
      activation.disable();
    } finally {
      globalThis.clearTimeout = realClear;
    }
    expect(
      cleared.some((id) => id !== undefined),
      'the hint timer is cleared',
    ).to.be.true;
    container.dispatchEvent(new MouseEvent('click'));
    wheel();
    press('touch');
    expect(map.dragging.enabled()).to.be.false;
    expect(hints).to.deep.equal([true]);
  });
});
