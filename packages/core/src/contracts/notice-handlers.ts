/** What an element offers the lookup's notices (lookup/notices/notice.ts): the next steps it can take. */
export interface NoticeHandlers {
  readonly onRetry: () => void;
  /** Another spelling of a number the service did not find, to offer (the product's number kinds say which). */
  readonly respell?: (number: string) => string | undefined;
  /** Tracks the number offered by `respell`. */
  readonly onTrack?: (number: string) => void;
  /** Takes the visitor to the carrier picker, for a product that has one. */
  readonly onChooseCarrier?: () => void;
}
