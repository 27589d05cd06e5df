import { defineElement } from '@cargo-trackers/core';
import { AirTracker } from './air-tracker.js';

defineElement('air-tracker', AirTracker);
