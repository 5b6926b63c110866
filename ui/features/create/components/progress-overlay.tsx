import { useEffect, useId, useRef } from 'react';
import { useBackHeld } from '../../../app/app-history';
import { PumpkinIcon } from '../../../components/icons';
import { useTabTrap } from '../../../components/use-focus-trap';
import { useScrollLock } from '../../../components/use-scroll-lock';

/**
 * The generation progress overlay. What it says and how full the bar is come from the progress
 * timeline use case; this only draws them, locks page scrolling and holds Back while it shows.
 */
export function ProgressOverlay(props: {
  title: string;
  status: string;
  percent: number;
  stageLabel?: string;
  /** A run the network interrupted: what is happening to it (offline, reconnecting). */
  notice?: string;
}) {
  useScrollLock(true);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Tab never reaches the header behind it, where Enter would switch views mid-run; Back does not
  // take the run's view away either.
  useTabTrap(panel);
  useBackHeld();
  // The Generate button it covers turns disabled; focus moves here so it is not lost, and on close
  // goes back there, or, when the results replaced the form, to the view's heading.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => {
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      const usable = previous?.isConnected && !previous.matches(':disabled');
      (usable ? previous : viewHeading())?.focus({ preventScroll: true });
    };
  }, []);
  const percent = Math.max(0, Math.min(100, Math.round(props.percent)));
  return (
    <div
      className="pw-backdrop pw-progress"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
    >
      <div className="pw-card pw-progress__panel" ref={panel} tabIndex={-1}>
        <div className="pw-progress__cauldron" aria-hidden="true">
          <PumpkinIcon />
        </div>
        <h2 id={titleId} className="pw-display pw-progress__title">
          {props.title}
        </h2>
        {props.stageLabel && <p className="pw-progress__stage">{props.stageLabel}</p>}
        <p className="pw-progress__status" role="status" aria-live="polite">
          {props.status}
        </p>
        {props.notice && (
          <p className="pw-progress__notice" role="alert">
            {props.notice}
          </p>
        )}
        <div
          className="pw-progress__bar"
          role="progressbar"
          aria-label="Generation progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <p className="pw-progress__percent" aria-hidden="true">
          {percent}%
        </p>
      </div>
    </div>
  );
}

function viewHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#pw-results-title, #pw-create-title');
}
