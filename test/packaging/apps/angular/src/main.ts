// Angular 22: a standalone component with CUSTOM_ELEMENTS_SCHEMA binds <ocean-tracker>'s
// properties and listens for its events, as docs/embedding.md shows. Built by the Angular CLI
// (strict templates: `$event` is the event's class) and opened in Chromium by npm-pack.test.ts.
import 'cargo-trackers';
import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import type { Messages, TrackerErrorEvent, TrackerLoadEvent, TrackerPendingEvent } from 'cargo-trackers';

@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <ocean-tracker
      [proxyUrl]="proxy"
      [referenceNumber]="number"
      [pollInterval]="30"
      [messages]="messages"
      [attr.theme]="'dark'"
      map="none"
      class="tracker"
      (tracker-load)="onLoad($event)"
      (tracker-pending)="onPending($event)"
      (tracker-error)="onError($event)"
    ></ocean-tracker>
    <output id="loaded">{{ loaded() }}</output>
  `,
})
export class App {
  // Only as properties: the element works only if Angular set them on it.
  readonly proxy = '/api/tracking/ocean';
  readonly number = 'MEDU9091004';
  readonly messages: Messages = { 'form.submit': 'Find' };
  readonly loaded = signal('');

  onLoad(event: TrackerLoadEvent): void {
    this.loaded.set(`${event.shipment.reference} ${event.shipment.status.code}`);
  }

  onPending(event: TrackerPendingEvent): void {
    this.loaded.set(`pending, attempt ${event.attempt}`);
  }

  onError(event: TrackerErrorEvent): void {
    this.loaded.set(`error ${event.code}`);
  }
}

bootstrapApplication(App).catch((error: unknown) => console.error(error));
