import { describe, expect, it, vi } from 'vitest';
import { recordPurchase } from './analytics';

describe('recordPurchase', () => {
  it("records a USD purchase of 'Workflow Credits' with gtag and fbq", () => {
    const host = { gtag: vi.fn(), fbq: vi.fn() };
    recordPurchase(host, { amount: 19.99 });
    expect(host.gtag).toHaveBeenCalledWith('event', 'purchase', {
      currency: 'USD',
      value: 19.99,
      items: [{ item_name: 'Workflow Credits', price: 19.99, quantity: 1 }],
    });
    expect(host.fbq).toHaveBeenCalledWith('track', 'Purchase', {
      currency: 'USD',
      value: 19.99,
      content_name: 'Workflow Credits',
    });
  });

  it('works with either tool missing, or both', () => {
    const fbq = vi.fn();
    expect(() => recordPurchase({ fbq }, { amount: 5 })).not.toThrow();
    expect(fbq).toHaveBeenCalledTimes(1);
    expect(() => recordPurchase({}, { amount: 5 })).not.toThrow();
  });

  it('still calls fbq when gtag throws', () => {
    const host = {
      gtag: vi.fn(() => {
        throw new Error('blocked by an extension');
      }),
      fbq: vi.fn(),
    };
    recordPurchase(host, { amount: 5 });
    expect(host.fbq).toHaveBeenCalledTimes(1);
  });
});
