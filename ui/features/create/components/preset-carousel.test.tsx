import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PresetCarousel, type PresetCard } from './preset-carousel';

const presets: PresetCard[] = Array.from({ length: 10 }, (_, i) => ({
  id: `p${i}`,
  name: `Preset ${i}`,
  image: `/presets/pets/p${i}.png`,
}));

// jsdom has no layout: --visible (how many items the stylesheet shows) comes from a style element.
const firstShown = () =>
  Number(screen.getByRole('list', { hidden: true }).getAttribute('data-start'));

function renderCarousel(selectedId?: string, onSelect = vi.fn(), visible = 5) {
  const style = document.createElement('style');
  style.textContent = `.pw-presets__viewport { --visible: ${visible}; }`;
  document.head.replaceChildren(style);
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
    renderCarousel(undefined, vi.fn(), 3);
    const next = screen.getByRole('button', { name: 'Next choose your pet options' });
    const previous = screen.getByRole('button', { name: 'Previous choose your pet options' });
    expect(previous).toBeDisabled();
    await userEvent.click(next);
    expect(firstShown()).toBe(3);
    await userEvent.click(next);
    await userEvent.click(next);
    expect(firstShown()).toBe(7);
    expect(next).toBeDisabled();
    await userEvent.click(previous);
    expect(firstShown()).toBe(4);
    expect(screen.getByText('Showing 5 to 7 of 10')).toBeInTheDocument();
  });

  it('where three show (a phone), each arrow moves three, so paging forward skips nothing', async () => {
    renderCarousel(undefined, vi.fn(), 3);
    const next = screen.getByRole('button', { name: 'Next choose your pet options' });
    const starts = [firstShown()];
    while (!next.hasAttribute('disabled')) {
      await userEvent.click(next);
      starts.push(firstShown());
    }
    // 10 presets, 3 in view: 0-2, 3-5, 6-8, then the last three (7-9).
    expect(starts).toEqual([0, 3, 6, 7]);
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
    renderCarousel(undefined, vi.fn(), 2);
    const items = screen.getAllByRole('listitem', { hidden: true });
    expect(items[1]).not.toHaveAttribute('inert');
    expect(items[2]).toHaveAttribute('inert');
  });
});
