import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SubscriptionOverlay } from './subscription-overlay';

const TABBABLE = 'a[href], button:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * Where the browser puts focus when Tab (or Shift+Tab) leaves `from`: the next tabbable element in
 * document order. jsdom does not move focus on Tab itself, and a key pressed inside the pricing
 * page never reaches this document, so this is all the page can rely on.
 */
function tabOutOf(from: Element, backwards = false) {
  const all = [...document.querySelectorAll<HTMLElement>(TABBABLE)];
  const next = all[all.indexOf(from as HTMLElement) + (backwards ? -1 : 1)];
  if (!next) throw new Error('no element to move focus to');
  next.focus();
}

function App(props: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Upgrade
      </button>
      {open && (
        <SubscriptionOverlay
          url="about:blank"
          frameRef={{ current: null }}
          onClose={() => {
            props.onClose?.();
            setOpen(false);
          }}
        />
      )}
      <button type="button">Behind after</button>
    </>
  );
}

function openOverlay(onClose?: () => void) {
  render(<App onClose={onClose} />);
  const upgrade = screen.getByRole('button', { name: 'Upgrade' });
  upgrade.focus();
  fireEvent.click(upgrade);
  return {
    upgrade,
    dialog: screen.getByRole('dialog', { name: 'Plans and credits' }),
    close: screen.getByRole('button', { name: 'Close' }),
    frame: screen.getByTitle('Choose a plan'),
  };
}

describe('SubscriptionOverlay', () => {
  it('takes focus on open, to its close button', () => {
    const { close } = openOverlay();
    expect(close).toHaveFocus();
  });

  it('Tab past the pricing page comes back to the close button, not the app behind', () => {
    const { frame, close, dialog } = openOverlay();
    frame.focus();
    tabOutOf(frame);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(close).toHaveFocus();
  });

  it('Shift+Tab before the close button goes round to the pricing page, not the app behind', () => {
    const { close, frame } = openOverlay();
    tabOutOf(close, true);
    expect(frame).toHaveFocus();
  });

  it('Escape closes it and focus goes back to Upgrade', () => {
    const onClose = vi.fn();
    const { close, upgrade } = openOverlay(onClose);
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(upgrade).toHaveFocus();
  });
});
