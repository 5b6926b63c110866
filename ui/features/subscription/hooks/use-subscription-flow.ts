import { useEffect, useMemo, useRef } from 'react';
import { useServices } from '../../../app/services-context';
import { useStore } from '../../../app/use-store';
import { SubscriptionFlow } from './subscription-flow';

/** The subscription flow for the signed-in app; the overlay's iframe goes in frameRef. */
export function useSubscriptionFlow() {
  const { account, session } = useServices();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const flow = useMemo(
    () =>
      new SubscriptionFlow({
        win: window,
        pricingUrl: () => account.subscribeUrl(),
        showOverlay: (url) => session.subscriptionOverlay.show(url),
        overlayWindow: () => frameRef.current?.contentWindow,
      }),
    [account, session],
  );
  useEffect(() => flow.listen(), [flow]);
  const { url: overlayUrl } = useStore(session.subscriptionOverlay);
  return { open: flow.open, closeOverlay: flow.closeOverlay, frameRef, overlayUrl };
}
