import './sync-indicator.css';

/** SPEC.md section 4 "Storage sync" states. */
export type SyncState = 'local' | 'syncing' | 'synced' | 'error';

const TEXT: Record<SyncState, { short: string; long: string }> = {
  local: { short: 'On this device', long: 'Saved on this device only' },
  syncing: { short: 'Syncing…', long: 'Saving to your account' },
  synced: { short: 'Synced', long: 'Saved to your account' },
  error: { short: 'Not synced', long: 'Could not reach your account; kept on this device' },
};

/**
 * A discreet sync light: a dot and a word, with the full sentence as the accessible name and
 * tooltip. Only a failure is announced; syncing and synced flip on every heart and would chatter.
 * A warning (the browser's storage is full) is shown in full and announced: the user must know
 * this device no longer keeps their changes. Not synced offers Retry.
 */
export function SyncIndicator(props: {
  status: SyncState;
  what: string;
  warning?: string;
  /** Tries the account again; offered while not synced. */
  onRetry?: () => void;
}) {
  const text = TEXT[props.status];
  const label = `${props.what}: ${text.long}`;
  return (
    <p className="pw-sync" data-status={props.status} title={label}>
      <span className="pw-sync__dot" aria-hidden="true" />
      <span aria-hidden="true">{text.short}</span>
      <span className="pw-visually-hidden" role={props.status === 'error' ? 'alert' : undefined}>
        {label}
      </span>
      {props.status === 'error' && props.onRetry && (
        <button type="button" className="pw-link pw-sync__retry" onClick={props.onRetry}>
          Retry
        </button>
      )}
      {props.warning !== undefined && (
        <span className="pw-sync__warning" role="alert">
          {props.warning}
        </span>
      )}
    </p>
  );
}
