import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PresetCarousel, type PresetCard } from './preset-carousel';

const presets: PresetCard[] = Array.from({ length: 10 }, (_, i) => ({
  id: `p${i}`,
  name: `Preset ${i}`,
  image: `/presets/pets/p${i}.png`,
}));

// jsdom has no layout: the carousel shows one item at a time (--visible is unset).
const firstShown = () =>
  Number(screen.getByRole('list', { hidden: true }).getAttribute('data-start'));

function renderCarousel(selectedId?: string, onSelect = vi.fn()) {
  render(
    <PresetCarousel
      title="Choose Your Pet"
      presets={presets}
      selectedId={selectedId}
      onSelect={onSelect}
    />,
  );
  return onSelect;
}

describe('PresetCarousel', () => {
  it('moves three items per arrow click and stops at both ends', async () => {
    renderCarousel();
    const next = screen.getByRole('button', { name: 'Next choose your pet options' });
    const previous = screen.getByRole('button', { name: 'Previous choose your pet options' });
    expect(previous).toBeDisabled();
    await userEvent.click(next);
    expect(firstShown()).toBe(3);
    await userEvent.click(next);
    await userEvent.click(next);
    expect(firstShown()).toBe(9);
    expect(next).toBeDisabled();
    await userEvent.click(previous);
    expect(firstShown()).toBe(6);
    expect(screen.getByText('Showing 7 to 7 of 10')).toBeInTheDocument();
  });

  it('pages on a swipe of 50 px or more and ignores shorter ones', () => {
    renderCarousel();
    const viewport = screen.getByRole('list', { hidden: true }).parentElement!;
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(viewport, { touches: [{ clientX: from }] });
      fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: to }] });
    };
    swipe(200, 151);
    expect(firstShown()).toBe(0);
    swipe(200, 150);
    expect(firstShown()).toBe(3);
    swipe(100, 149);
    expect(firstShown()).toBe(3);
    swipe(100, 150);
    expect(firstShown()).toBe(0);
  });

  it('labels the selected item Selected and the others Select This, and reports clicks', async () => {
    const onSelect = renderCarousel('p0');
    const first = screen.getAllByRole('listitem', { hidden: true })[0]!;
    const button = within(first).getByRole('button', { name: 'Selected: Preset 0' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    expect(onSelect).toHaveBeenCalledWith('p0');
    expect(within(first).getByRole('img', { name: 'Preset 0' })).toHaveAttribute(
      'src',
      '/presets/pets/p0.png',
    );
  });

  it('keeps items out of view away from keyboard focus', () => {
    renderCarousel();
    const items = screen.getAllByRole('listitem', { hidden: true });
    expect(items[0]).not.toHaveAttribute('inert');
    expect(items[1]).toHaveAttribute('inert');
  });
});
