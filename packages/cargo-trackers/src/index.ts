// The all-in-one entry: registers every element (guarded, so a second copy on the page is harmless).
export * from '@cargo-trackers/ocean-tracker';
export * from '@cargo-trackers/air-tracker';
