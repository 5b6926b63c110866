import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISMISSED_KEY } from '../hooks/use-demo-banner';
import { DemoBanner } from './demo-banner';

const PUBLISH = 'http://localhost:8787/publish?create=true';
const TEXT = "You're on a demo app. Press 'Publish' to publish your app.";

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
});
afterEach(() => vi.useRealTimers());

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('DemoBanner', () => {
  it('appears 2 s after sign-in in a demo app', () => {
    render(<DemoBanner active publishUrl={PUBLISH} />);
    tick(1_999);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    tick(1);
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Demo app' })).toBeInTheDocument();
  });

  it('never appears with a project token (inactive)', () => {
    render(<DemoBanner active={false} publishUrl={PUBLISH} />);
    tick(10_000);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });

  it('starts its 2 s again on a new sign-in', () => {
    const { rerender } = render(<DemoBanner active publishUrl={PUBLISH} />);
    tick(2_000);
    rerender(<DemoBanner active={false} publishUrl={PUBLISH} />);
    rerender(<DemoBanner active publishUrl={PUBLISH} />);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    tick(2_000);
    expect(screen.getByText(TEXT)).toBeInTheDocument();
  });

  it('Publish opens the platform page with ?create=true in a new tab', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<DemoBanner active publishUrl={PUBLISH} />);
    tick(2_000);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(open).toHaveBeenCalledWith(PUBLISH, '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('Publish calls onPublish instead when given', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onPublish = vi.fn();
    render(<DemoBanner active publishUrl={PUBLISH} onPublish={onPublish} />);
    tick(2_000);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(onPublish).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it("'Hide Banner?' explains, Dismiss collapses to a tab, the tab brings the banner back", () => {
    render(<DemoBanner active publishUrl={PUBLISH} />);
    tick(2_000);
    const hide = screen.getByRole('button', { name: 'Hide Banner?' });
    expect(hide).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(hide);
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/runs without a project token/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DISMISSED_KEY)).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Show demo banner' }));
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show demo banner' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DISMISSED_KEY)).toBeNull();
  });

  it('a dismissed banner comes back as the tab only', () => {
    window.localStorage.setItem(DISMISSED_KEY, '1');
    render(<DemoBanner active publishUrl={PUBLISH} />);
    tick(2_000);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show demo banner' })).toBeInTheDocument();
  });
});
