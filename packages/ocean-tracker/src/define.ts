import { defineElement } from '@cargo-trackers/core';
import { OceanTracker } from './ocean-tracker.js';

defineElement('ocean-tracker', OceanTracker);
