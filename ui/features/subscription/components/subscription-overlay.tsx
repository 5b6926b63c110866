import '../subscription.css';
import { useEffect, useRef, type Ref } from 'react';
import { Dialog } from '../../../components/dialog';
import { CloseIcon } from '../../../components/icons';

/**
 * The pricing page in an in-page overlay (SPEC.md section 2 "subscription iframe overlay").
 *
 * The dialog's Tab trap listens for keys in this document, but keys pressed inside the pricing
 * page belong to the iframe's document and never reach it: Tab past the page's last control (or
 * Shift+Tab past its first) makes the browser move focus to the next control of this page, which
 * would be the app behind. The two guards sit either side of the overlay's controls, so that next
 * control is always a guard, and each hands focus back round the cycle.
 */
export function SubscriptionOverlay(props: {
  url: string;
  frameRef: Ref<HTMLIFrameElement>;
  onClose: () => void;
}) {
  const close = useRef<HTMLButtonElement>(null);
  const frame = useRef<HTMLIFrameElement | null>(null);
  const setFrame = (element: HTMLIFrameElement | null) => {
    frame.current = element;
    if (typeof props.frameRef === 'function') props.frameRef(element);
    else if (props.frameRef) props.frameRef.current = element;
  };
  // The dialog focuses its first control, the leading guard, which passes focus to the pricing
  // page; the close button is where a keyboard user should start. (This runs after the dialog's.)
  useEffect(() => close.current?.focus(), []);
  return (
    <Dialog title="Plans and credits" onClose={props.onClose} className="pw-subscription">
      {/* Reached by Shift+Tab from the close button: the cycle goes on at the pricing page. */}
      <span tabIndex={0} className="pw-focus-guard" onFocus={() => frame.current?.focus()} />
      <button
        ref={close}
        type="button"
        className="pw-icon-btn pw-subscription__close"
        aria-label="Close"
        onClick={props.onClose}
      >
        <CloseIcon />
      </button>
      <iframe
        ref={setFrame}
        className="pw-subscription__frame"
        src={props.url}
        title="Choose a plan"
        // In the dialog's Tab cycle, so keyboard users reach the plans.
        tabIndex={0}
      />
      {/* Reached by Tab from the pricing page's last control: the cycle starts again. */}
      <span tabIndex={0} className="pw-focus-guard" onFocus={() => close.current?.focus()} />
    </Dialog>
  );
}
