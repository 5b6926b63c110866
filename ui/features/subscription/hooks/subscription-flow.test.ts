import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  POPUP_BLOCKED_MESSAGE,
  SUBSCRIPTION_REFRESH_EVENT,
  SubscriptionFlow,
} from './subscription-flow';

const PLATFORM = 'https://platform.example.test';
const APP = 'https://app.example.test';
const CHECKOUT_URL = `${PLATFORM}/checkout?session=s1&plan=plus`;

/** A MessagePort stands in for a window we opened: jsdom accepts it as a message's source. */
function fakePopup() {
  const port = new MessageChannel().port1;
  const popup = Object.assign(port, {
    closed: false,
    close: vi.fn((): void => {
      popup.closed = true;
    }),
  });
  return popup;
}
type Popup = ReturnType<typeof fakePopup>;

function setup(options: { framed?: boolean; popups?: (Popup | null)[] } = {}) {
  const target = new EventTarget();
  const self = {};
  const queue = [...(options.popups ?? [])];
  const win = Object.assign(target, {
    location: { origin: APP },
    self,
    top: options.framed ? {} : self,
    open: vi.fn(() => (queue.length ? queue.shift() : null)),
    alert: vi.fn(),
    gtag: vi.fn(),
    fbq: vi.fn(),
  });
  const overlay = { url: undefined as string | undefined, window: fakePopup() };
  const refreshes = vi.fn();
  win.addEventListener(SUBSCRIPTION_REFRESH_EVENT, refreshes);
  const flow = new SubscriptionFlow({
    win: win as unknown as Window,
    pricingUrl: async () => `${PLATFORM}/subscribe?access_token=tok`,
    showOverlay: (url) => void (overlay.url = url),
    overlayWindow: () => (overlay.url ? (overlay.window as unknown as Window) : undefined),
  });
  const stop = flow.listen();
  const post = (data: unknown, source: MessageEventSource | null, origin = PLATFORM) =>
    win.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  return { win, flow, overlay, refreshes, post, stop };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SubscriptionFlow.open', () => {
  it('shows the pricing page in the in-page overlay, telling it our origin', async () => {
    const { flow, overlay, win } = setup();
    await flow.open();
    const url = new URL(overlay.url!);
    expect(url.origin + url.pathname).toBe(`${PLATFORM}/subscribe`);
    expect(url.searchParams.get('access_token')).toBe('tok');
    expect(url.searchParams.get('origin')).toBe(APP);
    expect(win.open).not.toHaveBeenCalled();
  });

  it('inside a frame opens an 800x700 popup instead', async () => {
    const popup = fakePopup();
    const { flow, overlay, win } = setup({ framed: true, popups: [popup] });
    await flow.open();
    const [url, name, features] = win.open.mock.calls[0] as unknown as [string, string, string];
    expect(url).toContain('/subscribe?');
    expect(name).toBe('pawloween-pricing');
    expect(features).toContain('width=800');
    expect(features).toContain('height=700');
    expect(overlay.url).toBeUndefined();
  });

  it('inside a frame with popups blocked falls back to the overlay', async () => {
    const { flow, overlay } = setup({ framed: true, popups: [null] });
    await flow.open();
    expect(overlay.url).toContain('/subscribe?');
  });
});

describe('SubscriptionFlow messages', () => {
  it('opens the checkout window (800x700) on checkout-redirect from the pricing page only', async () => {
    const checkout = fakePopup();
    const { flow, overlay, win, post } = setup({ popups: [checkout] });
    await flow.open();
    const redirect = { type: 'checkout-redirect', url: CHECKOUT_URL };
    post(redirect, overlay.window, 'https://evil.example.test');
    post(redirect, new MessageChannel().port1);
    expect(win.open).not.toHaveBeenCalled();

    post(redirect, overlay.window);
    expect(win.open).toHaveBeenCalledWith(
      CHECKOUT_URL,
      'pawloween-checkout',
      expect.stringContaining('width=800,height=700'),
    );
  });

  it('ignores everything before a flow was opened', () => {
    const { win, post, overlay } = setup({ popups: [fakePopup()] });
    post({ type: 'checkout-redirect', url: CHECKOUT_URL }, overlay.window);
    expect(win.open).not.toHaveBeenCalled();
  });

  it("alerts 'Please allow popups…' when the checkout window is blocked", async () => {
    const { flow, overlay, win, post } = setup({ popups: [null] });
    await flow.open();
    post({ type: 'checkout-redirect', url: CHECKOUT_URL }, overlay.window);
    expect(win.alert).toHaveBeenCalledWith(POPUP_BLOCKED_MESSAGE);
    expect(POPUP_BLOCKED_MESSAGE).toBe(
      'Please allow popups to complete your subscription payment.',
    );
  });

  it('success closes the checkout window and the overlay and asks for a refresh', async () => {
    const checkout = fakePopup();
    const { flow, overlay, post, refreshes } = setup({ popups: [checkout] });
    await flow.open();
    post({ type: 'checkout-redirect', url: CHECKOUT_URL }, overlay.window);
    post({ type: 'success' }, checkout, 'https://evil.example.test');
    expect(refreshes).not.toHaveBeenCalled();
    post({ type: 'success' }, checkout);
    expect(checkout.close).toHaveBeenCalled();
    expect(overlay.url).toBeUndefined();
    expect(refreshes).toHaveBeenCalledTimes(1);
    // Watching stopped with the flow: no second refresh for the window it closed itself.
    vi.advanceTimersByTime(5_000);
    expect(refreshes).toHaveBeenCalledTimes(1);
  });

  it('success also closes the pricing popup used inside a frame', async () => {
    const pricing = fakePopup();
    const checkout = fakePopup();
    const { flow, post } = setup({ framed: true, popups: [pricing, checkout] });
    await flow.open();
    post({ type: 'checkout-redirect', url: CHECKOUT_URL }, pricing);
    post({ type: 'success' }, checkout);
    expect(pricing.close).toHaveBeenCalled();
    expect(checkout.close).toHaveBeenCalled();
  });

  it('a checkout window the person closed triggers a refresh at the next 1 s poll', async () => {
    const checkout = fakePopup();
    const { flow, overlay, post, refreshes } = setup({ popups: [checkout] });
    await flow.open();
    post({ type: 'checkout-redirect', url: CHECKOUT_URL }, overlay.window);
    vi.advanceTimersByTime(3_000);
    expect(refreshes).not.toHaveBeenCalled();
    checkout.closed = true;
    vi.advanceTimersByTime(1_000);
    expect(refreshes).toHaveBeenCalledTimes(1);
  });

  it('force-closes a checkout window left open for 600 s, then refreshes', async () => {
    const checkout = fakePopup();
    const { flow, overlay, post, refreshes } = setup({ popups: [checkout] });
    await flow.open();
    post({ type: 'checkout-redirect', url: CHECKOUT_URL }, overlay.window);
    // Still open: the poll keeps finding it open.
    checkout.close.mockImplementation(() => undefined);
    vi.advanceTimersByTime(599_999);
    expect(checkout.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(checkout.close).toHaveBeenCalledTimes(1);
    expect(refreshes).toHaveBeenCalledTimes(1);
  });

  it("purchase-success records a USD purchase of 'Workflow Credits' with gtag and fbq", async () => {
    const checkout = fakePopup();
    const { flow, overlay, post, win } = setup({ popups: [checkout] });
    await flow.open();
    post({ type: 'checkout-redirect', url: CHECKOUT_URL }, overlay.window);
    post({ type: 'purchase-success', amount: 9.99, currency: 'USD' }, checkout, 'https://x.test');
    expect(win.gtag).not.toHaveBeenCalled();
    post({ type: 'purchase-success', amount: 9.99, currency: 'USD' }, checkout);
    expect(win.gtag).toHaveBeenCalledWith(
      'event',
      'purchase',
      expect.objectContaining({ currency: 'USD', value: 9.99 }),
    );
    expect(win.fbq).toHaveBeenCalledWith(
      'track',
      'Purchase',
      expect.objectContaining({ currency: 'USD', value: 9.99, content_name: 'Workflow Credits' }),
    );
  });

  it('stops hearing messages and closes its windows when removed', async () => {
    const checkout = fakePopup();
    const { flow, overlay, post, stop, refreshes } = setup({ popups: [checkout] });
    await flow.open();
    post({ type: 'checkout-redirect', url: CHECKOUT_URL }, overlay.window);
    stop();
    expect(checkout.close).toHaveBeenCalled();
    post({ type: 'success' }, checkout);
    expect(refreshes).not.toHaveBeenCalled();
  });
});
