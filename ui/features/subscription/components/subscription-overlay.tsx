import '../subscription.css';
import type { Ref } from 'react';
import { Dialog } from '../../../components/dialog';
import { CloseIcon } from '../../../components/icons';

/** The pricing page in an in-page overlay (SPEC.md section 2 "subscription iframe overlay"). */
export function SubscriptionOverlay(props: {
  url: string;
  frameRef: Ref<HTMLIFrameElement>;
  onClose: () => void;
}) {
  return (
    <Dialog title="Plans and credits" onClose={props.onClose} className="pw-subscription">
      <button
        type="button"
        className="pw-icon-btn pw-subscription__close"
        aria-label="Close"
        onClick={props.onClose}
      >
        <CloseIcon />
      </button>
      <iframe
        ref={props.frameRef}
        className="pw-subscription__frame"
        src={props.url}
        title="Choose a plan"
        // In the dialog's Tab cycle, so keyboard users reach the plans.
        tabIndex={0}
      />
    </Dialog>
  );
}
