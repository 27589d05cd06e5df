import { defineElement } from '@cargo-trackers/core/element';
import { AirTracker } from './air-tracker.js';

defineElement('air-tracker', AirTracker);
