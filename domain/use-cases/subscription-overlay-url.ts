import { Store } from './store';

export interface SubscriptionOverlayState {
  /** The in-page pricing overlay's address while it is open (SPEC.md 3 "subscriptionModalUrl"). */
  readonly url?: string;
}

/** The in-page pricing overlay used when popups are blocked: open at a URL, or closed. */
export class SubscriptionOverlayUrl extends Store<SubscriptionOverlayState> {
  constructor() {
    super({});
  }

  /** Shows the overlay at url; undefined closes it. */
  show(url: string | undefined): void {
    this.update({ url });
  }
}
