import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SyncIndicator, type SyncState } from './sync-indicator';

describe('SyncIndicator', () => {
  it.each<[SyncState, string]>([
    ['local', 'Gallery: Saved on this device only'],
    ['syncing', 'Gallery: Saving to your account'],
    ['synced', 'Gallery: Saved to your account'],
    ['error', 'Gallery: Could not reach your account; kept on this device'],
  ])('names the %s state in words', (status, label) => {
    render(<SyncIndicator status={status} what="Gallery" />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('announces only a failure', () => {
    const { rerender } = render(<SyncIndicator status="syncing" what="Gallery" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<SyncIndicator status="error" what="Gallery" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reach your account');
  });

  it('shows and announces a storage warning in full, and nothing when there is none', () => {
    const warning = 'Your browser storage is full: changes are saved to your account only.';
    const { rerender } = render(<SyncIndicator status="synced" what="Gallery" />);
    expect(screen.queryByText(/storage is full/)).not.toBeInTheDocument();
    rerender(<SyncIndicator status="synced" what="Gallery" warning={warning} />);
    expect(screen.getByRole('alert')).toHaveTextContent(warning);
    expect(screen.getByText(warning)).toBeVisible();
  });

  it('offers Retry while not synced, and only then', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<SyncIndicator status="synced" what="Gallery" onRetry={onRetry} />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    rerender(<SyncIndicator status="error" what="Gallery" onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
