import {
  SubscriptionMessage,
  isInFrame,
  listenForMessages,
  openPopup,
  originOf,
  recordPurchase,
  watchWindow,
  type AnalyticsHost,
} from '../../../../adapters/browser/browser.container';
import { LIMITS } from '../../../../domain/model/constants';

/** The custom window event that makes the app re-read plan and credits from the platform. */
export const SUBSCRIPTION_REFRESH_EVENT = 'pawloween:subscription-refresh';
export const POPUP_BLOCKED_MESSAGE = 'Please allow popups to complete your subscription payment.';

const SIZE = { width: LIMITS.popupWidth, height: LIMITS.popupHeight } as const;

export interface SubscriptionFlowDeps {
  readonly win: Window & AnalyticsHost;
  /** The pricing page address with the current credentials (Account.subscribeUrl). */
  readonly pricingUrl: () => Promise<string>;
  /** Shows the in-page pricing overlay at url; undefined hides it (the session's subscriptionModalUrl). */
  readonly showOverlay: (url: string | undefined) => void;
  /** The overlay iframe's window while it shows. */
  readonly overlayWindow: () => Window | null | undefined;
}

/**
 * Subscribe and checkout (SPEC.md section 4 "Subscription"). The pricing page opens as an in-page
 * overlay, or inside a frame as an 800x700 popup (the overlay when popups are blocked). Its
 * checkout-redirect opens the checkout window (800x700), polled every second and force-closed after
 * 600 s. success closes everything and asks for a refresh; so does a checkout window that closed.
 * Plan and credits are then re-read from the platform, never taken from a message.
 */
export class SubscriptionFlow {
  private pricingOrigin: string | undefined;
  private pricingPopup: Window | undefined;
  private checkout: Window | undefined;
  private checkoutOrigin: string | undefined;
  private stopWatching: (() => void) | undefined;

  constructor(private readonly deps: SubscriptionFlowDeps) {}

  /** Starts hearing the pricing and checkout pages; returns the remover, which also closes the flow. */
  listen(): () => void {
    const stop = listenForMessages(this.deps.win, {
      origins: () => [this.pricingOrigin, this.checkoutOrigin],
      sources: () => [this.pricingPopup, this.deps.overlayWindow(), this.checkout],
      schema: SubscriptionMessage,
      onMessage: (message) => {
        if (message.type === 'checkout-redirect') this.openCheckout(message.url);
        else if (message.type === 'success') this.succeeded();
        else recordPurchase(this.deps.win, { amount: message.amount });
      },
    });
    return () => {
      stop();
      this.closeAll();
    };
  }

  /** Upgrade / Manage / Add Credits. */
  readonly open = async (): Promise<void> => {
    const url = new URL(await this.deps.pricingUrl());
    // The pricing page posts its messages only to this origin.
    url.searchParams.set('origin', this.deps.win.location.origin);
    this.pricingOrigin = url.origin;
    if (isInFrame(this.deps.win)) {
      this.pricingPopup?.close();
      this.pricingPopup = openPopup(this.deps.win, url.toString(), 'pawloween-pricing', SIZE);
      if (this.pricingPopup) return;
    }
    this.deps.showOverlay(url.toString());
  };

  /** The overlay's close button. */
  readonly closeOverlay = (): void => this.deps.showOverlay(undefined);

  private openCheckout(url: string): void {
    this.stopWatching?.();
    const checkout = openPopup(this.deps.win, url, 'pawloween-checkout', SIZE);
    if (!checkout) {
      this.deps.win.alert(POPUP_BLOCKED_MESSAGE);
      return;
    }
    this.checkout = checkout;
    this.checkoutOrigin = originOf(url);
    this.stopWatching = watchWindow(checkout, {
      pollMs: LIMITS.checkoutPollMs,
      maxMs: LIMITS.checkoutForceCloseMs,
      onClosed: () => {
        // Messages already posted may still be on their way: keep hearing its origin until the next flow.
        this.stopWatching = undefined;
        this.refresh();
      },
    });
  }

  private succeeded(): void {
    this.closeAll();
    this.refresh();
  }

  private closeAll(): void {
    this.stopWatching?.();
    this.stopWatching = undefined;
    this.checkout?.close();
    this.pricingPopup?.close();
    this.pricingPopup = undefined;
    this.deps.showOverlay(undefined);
  }

  private refresh(): void {
    this.deps.win.dispatchEvent(new CustomEvent(SUBSCRIPTION_REFRESH_EVENT));
  }
}
