import { useId, useState } from 'react';
import type { DisplayedError } from '../../../../domain/model/generation';
import { AlertIcon, RetryIcon } from '../../../components/icons';

/** A failed image or video (SPEC.md section 8 "Error cards"): title, suggestion, Retry, Show Details. */
export function ErrorCard(props: {
  error: DisplayedError;
  retryLabel: string;
  onRetry: () => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <div className="pw-error-card" role="group" aria-label={props.error.message}>
      <AlertIcon className="pw-error-card__icon" />
      <h4 className="pw-error-card__title">{props.error.message}</h4>
      <p className="pw-error-card__suggestion">{props.error.suggestion}</p>
      <div className="pw-error-card__actions">
        <button
          type="button"
          className="pw-btn pw-btn--primary pw-btn--small"
          onClick={props.onRetry}
          disabled={props.disabled}
        >
          <RetryIcon /> {props.retryLabel}
        </button>
        <button
          type="button"
          className="pw-btn pw-btn--ghost pw-btn--small"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide Details' : 'Show Details'}
        </button>
      </div>
      {open && (
        <dl id={detailsId} className="pw-error-card__details">
          <dt>Code</dt>
          <dd>
            <code>{props.error.code}</code>
          </dd>
          <dt>Technical message</dt>
          <dd>
            <code>{props.error.technical}</code>
          </dd>
        </dl>
      )}
    </div>
  );
}
