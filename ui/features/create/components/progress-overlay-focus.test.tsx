import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProgressOverlay } from './progress-overlay';

const overlay = <ProgressOverlay title="Generating Magic..." status="Brewing" percent={10} />;

describe('the progress overlay and keyboard focus', () => {
  it('takes focus when it opens and gives it back to the button it covered when it closes', () => {
    const button = document.body.appendChild(document.createElement('button'));
    button.focus();
    const { unmount } = render(overlay);
    expect(document.activeElement?.closest('[role="dialog"]')).not.toBeNull();
    unmount();
    expect(document.activeElement).toBe(button);
    button.remove();
  });

  it('when that button is gone (the results replaced the form), gives it to the view’s heading', () => {
    const heading = document.body.appendChild(document.createElement('h2'));
    heading.id = 'pw-results-title';
    heading.tabIndex = -1;
    const button = document.body.appendChild(document.createElement('button'));
    button.focus();
    const { unmount } = render(overlay);
    button.remove();
    unmount();
    expect(document.activeElement).toBe(heading);
    heading.remove();
  });

  it('keeps focus inside: Tab and Shift+Tab never reach the header behind it', async () => {
    const user = userEvent.setup();
    const header = document.body.appendChild(document.createElement('button'));
    header.textContent = 'My Gallery';
    const { unmount } = render(overlay);
    await user.tab();
    expect(document.activeElement?.closest('[role="dialog"]')).not.toBeNull();
    await user.tab({ shift: true });
    expect(document.activeElement?.closest('[role="dialog"]')).not.toBeNull();
    unmount();
    header.remove();
  });
});
