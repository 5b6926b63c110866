import '../demo-banner.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useDemoBanner } from '../hooks/use-demo-banner';

export const DEMO_TEXT = "You're on a demo app. Press 'Publish' to publish your app.";

/**
 * The demo banner (SPEC.md section 2), for an app running without a project token. Publish opens
 * the platform's page in a new tab, or calls onPublish when the host page supplies one.
 */
export function DemoBanner(props: { active: boolean; publishUrl: string; onPublish?: () => void }) {
  const { visible, dismissed, dismiss, restore } = useDemoBanner(props.active);
  const [help, setHelp] = useState(false);
  const helpId = useId();
  const tab = useRef<HTMLButtonElement>(null);
  const bannerPublish = useRef<HTMLButtonElement>(null);
  const banner = useRef<HTMLElement>(null);
  const shown = visible && !dismissed;
  // The banner floats under the header: the page keeps room for it, so it covers no title.
  useEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const reserve = () =>
      root.style.setProperty('--pw-demo-banner-space', `${element.offsetHeight + 12}px`);
    reserve();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : undefined;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--pw-demo-banner-space');
    };
  }, [shown]);
  if (!visible) return null;

  const publish = () => {
    if (props.onPublish) props.onPublish();
    else window.open(props.publishUrl, '_blank', 'noopener,noreferrer');
  };

  if (dismissed)
    return (
      <button
        ref={tab}
        type="button"
        className="pw-demo-tab"
        aria-label="Show demo banner"
        onClick={() => {
          setHelp(false);
          restore();
          // The banner replaces the tab; keep the keyboard where the person is.
          requestAnimationFrame(() => bannerPublish.current?.focus());
        }}
      >
        Demo
      </button>
    );

  return (
    <aside className="pw-demo-banner" aria-label="Demo app" ref={banner}>
      <div className="pw-demo-banner__row">
        <p className="pw-demo-banner__text">{DEMO_TEXT}</p>
        <div className="pw-demo-banner__actions">
          <button
            ref={bannerPublish}
            type="button"
            className="pw-btn pw-btn--primary pw-btn--small"
            onClick={publish}
          >
            Publish
          </button>
          <button
            type="button"
            className="pw-demo-banner__link"
            aria-expanded={help}
            aria-controls={helpId}
            onClick={() => setHelp((open) => !open)}
          >
            Hide Banner?
          </button>
        </div>
      </div>
      {help && (
        <div id={helpId} className="pw-demo-banner__help">
          <p>
            This banner shows because the app runs without a project token. Publish the app to get
            its own project token and the banner goes away for good. For now you can tuck it into a
            small tab at the edge of the screen; click the tab to bring it back.
          </p>
          <button
            type="button"
            className="pw-btn pw-btn--secondary pw-btn--small"
            onClick={() => {
              dismiss();
              requestAnimationFrame(() => tab.current?.focus());
            }}
          >
            Dismiss
          </button>
        </div>
      )}
    </aside>
  );
}
