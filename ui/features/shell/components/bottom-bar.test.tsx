import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BottomBar } from './bottom-bar';
import type { ShellProps } from './shell-props';

function props(overrides: Partial<ShellProps> = {}): ShellProps {
  return {
    view: 'create',
    onViewChange: vi.fn(),
    displayName: 'luna',
    avatarUrl: undefined,
    credits: { remaining: '$7.50', allocated: '$10.00', fraction: 0.75 },
    planLabel: 'Upgrade',
    onSettings: vi.fn(),
    onSignOut: vi.fn(),
    onUpgrade: vi.fn(),
    ...overrides,
  };
}

describe('BottomBar', () => {
  it('offers Gallery, Create and Account, marking the current view', async () => {
    const p = props();
    render(<BottomBar {...p} />);
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(bar).getByRole('button', { name: 'Create' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(bar).getByRole('button', { name: 'Gallery' }));
    expect(p.onViewChange).toHaveBeenCalledWith('gallery');
  });

  it('opens the account sheet with the remaining-credits bar, Account Settings and Sign Out', async () => {
    const p = props();
    render(<BottomBar {...p} />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    const sheet = screen.getByRole('dialog', { name: 'Account' });
    expect(within(sheet).getByText('$7.50 / $10.00')).toBeInTheDocument();
    expect(within(sheet).getByRole('meter', { name: 'Remaining credits' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    await userEvent.click(within(sheet).getByRole('button', { name: 'Account Settings' }));
    expect(p.onSettings).toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign Out' }),
    );
    expect(p.onSignOut).toHaveBeenCalled();
  });

  it('closes the sheet on Escape', async () => {
    render(<BottomBar {...props()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument();
  });
});
