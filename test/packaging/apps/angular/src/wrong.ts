// Each template below holds one mistake; the test expects ngc to report exactly these.
import 'cargo-trackers';
import { Component, CUSTOM_ELEMENTS_SCHEMA } from '@angular/core';
import type { TrackerPendingEvent } from 'cargo-trackers';

@Component({
  selector: 'app-wrong-listener',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `<ocean-tracker (tracker-load)="onPending($event)"></ocean-tracker>`,
})
export class WrongListener {
  onPending(event: TrackerPendingEvent): number {
    return event.attempt;
  }
}

@Component({
  selector: 'app-wrong-field',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `<ocean-tracker (tracker-load)="keep($event.foo)"></ocean-tracker>`,
})
export class WrongField {
  keep(value: unknown): unknown {
    return value;
  }
}

@Component({
  selector: 'app-without-schema',
  template: `<ocean-tracker [proxyUrl]="'/api/tracking/ocean'"></ocean-tracker>`,
})
export class WithoutSchema {}
