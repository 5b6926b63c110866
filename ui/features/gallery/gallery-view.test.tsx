import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GalleryItem } from '../../../domain/model/gallery-item';
import { ServicesProvider } from '../../app/services-context';
import { createTestServices } from '../../test-support/test-services';
import { GalleryView, MOBILE_QUERY } from './gallery-view';
import { GRID_PAGE } from './grid-page';

const item = (id: number, extra: Partial<GalleryItem> = {}): GalleryItem => ({
  id: String(id),
  timestamp: id,
  imageUrl: `/files/${id}.png`,
  videoUrl: `/files/${id}.mp4`,
  isFavorite: false,
  ...extra,
});

async function renderGallery(items: GalleryItem[] = [], onCreate?: () => void) {
  const test = createTestServices();
  for (const entry of items) await test.services.gallery.add(entry);
  await act(async () => {
    render(
      <ServicesProvider services={test.services}>
        <GalleryView onCreate={onCreate} />
      </ServicesProvider>,
    );
  });
  return test;
}

const filterButton = (name: RegExp) => screen.getByRole('button', { name });
const cards = () => screen.queryAllByRole('button', { name: /^Open creation from/ });
const listItems = () =>
  within(screen.getByRole('list', { name: 'Creations' })).getAllByRole('listitem');

/** Pretends the screen is as narrow as a phone. */
function phoneScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === MOBILE_QUERY,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GalleryView', () => {
  it('says so word for word when there are no creations, and when there are no favorites', async () => {
    await renderGallery();
    expect(screen.getByRole('heading', { level: 1, name: 'My Pet Gallery' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No creations yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Generate your first Halloween pet costume to see it here!'),
    ).toBeInTheDocument();
    expect(filterButton(/^All \(0\)$/)).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(filterButton(/^Favorites \(0\)$/));
    expect(screen.getByRole('heading', { name: 'No favorites yet' })).toBeInTheDocument();
    expect(screen.getByText('Heart your favorite creations to see them here!')).toBeInTheDocument();
    expect(filterButton(/^Favorites \(0\)$/)).toHaveAttribute('aria-pressed', 'true');
    expect(filterButton(/^All \(0\)$/)).toHaveAttribute('aria-pressed', 'false');
  });

  it('an empty gallery offers Create a Costume; an empty Favorites does not', async () => {
    const onCreate = vi.fn();
    await renderGallery([], onCreate);
    await userEvent.click(screen.getByRole('button', { name: 'Create a Costume' }));
    expect(onCreate).toHaveBeenCalledOnce();
    await userEvent.click(filterButton(/^Favorites \(0\)$/));
    expect(screen.queryByRole('button', { name: 'Create a Costume' })).toBeNull();
  });

  it('lists creations newest first and counts all and favorites; Favorites shows only hearted ones', async () => {
    await renderGallery([item(1), item(3, { isFavorite: true }), item(2)]);
    expect(listItems().map((li) => li.querySelector('img')?.getAttribute('src'))).toEqual([
      '/files/3.png',
      '/files/2.png',
      '/files/1.png',
    ]);
    expect(filterButton(/^All \(3\)$/)).toBeInTheDocument();

    await userEvent.click(filterButton(/^Favorites \(1\)$/));
    expect(listItems()).toHaveLength(1);
    expect(listItems()[0]!.querySelector('img')).toHaveAttribute('src', '/files/3.png');
  });

  it('hearts and un-hearts a creation: the button is pressed and the Favorites count follows', async () => {
    const test = await renderGallery([item(1)]);
    const heart = within(listItems()[0]!).getByRole('button', { name: 'Favorite' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(filterButton(/^Favorites \(1\)$/)).toBeInTheDocument();
    expect(test.services.gallery.getSnapshot().items[0]!.isFavorite).toBe(true);

    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(filterButton(/^Favorites \(0\)$/)).toBeInTheDocument();
  });

  it('shows when each creation was made, and a designed placeholder with Delete when its image is gone', async () => {
    await renderGallery([item(1)]);
    const card = listItems()[0]!;
    expect(within(card).getByText(/\d/, { selector: 'time' })).toHaveAttribute('datetime');
    fireEvent.error(card.querySelector('img')!);
    expect(within(card).getByRole('img', { name: 'Image unavailable' })).toHaveTextContent(
      'Delete this creation',
    );
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Delete creation' })).toBeEnabled();
  });

  it('a timestamp no date can hold does not break the gallery', async () => {
    await renderGallery([item(1, { timestamp: 1e20 })]);
    expect(listItems()).toHaveLength(1);
    expect(listItems()[0]!.querySelector('time')).toBeNull();
  });

  it('deletes only after the Delete Creation confirmation; Cancel keeps the creation', async () => {
    const user = userEvent.setup();
    await renderGallery([item(1), item(2)]);
    await user.click(within(listItems()[0]!).getByRole('button', { name: 'Delete creation' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Creation' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(listItems()).toHaveLength(2);

    await user.click(within(listItems()[0]!).getByRole('button', { name: 'Delete creation' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Creation' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(listItems()).toHaveLength(1);
    expect(listItems()[0]!.querySelector('img')).toHaveAttribute('src', '/files/1.png');
    expect(filterButton(/^All \(1\)$/)).toBeInTheDocument();
    // The deleted card's button is gone; focus lands on the page title, not on <body>.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('a deleted creation can be brought back with Undo, as the confirmation says', async () => {
    const user = userEvent.setup();
    await renderGallery([item(1), item(2)]);
    await user.click(within(listItems()[0]!).getByRole('button', { name: 'Delete creation' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Creation' });
    // The confirmation says what Undo then does, not that it cannot be undone.
    expect(dialog).toHaveTextContent('You can undo it for 5 seconds.');
    expect(dialog).not.toHaveTextContent(/cannot be undone/i);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(listItems()).toHaveLength(1);
    const toast = screen.getByRole('status', { name: '' });
    expect(toast).toHaveTextContent('Creation deleted.');
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(listItems()).toHaveLength(2);
    expect(screen.queryByText('Creation deleted.')).toBeNull();
  });

  it('opens a creation full-screen; Escape closes it and focus returns to the card', async () => {
    const user = userEvent.setup();
    await renderGallery([item(1)]);
    const open = cards()[0]!;
    await user.click(open);
    const viewer = screen.getByRole('dialog');
    expect(within(viewer).getByLabelText('Costume video')).toHaveAttribute(
      'poster',
      '/files/1.png',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('the viewer moves between creations with its buttons, the arrow keys and a swipe, saying where it is', async () => {
    const user = userEvent.setup();
    await renderGallery([item(1), item(2), item(3)]);
    await user.click(cards()[1]!);
    const viewer = screen.getByRole('dialog');
    const poster = () => within(viewer).getByLabelText('Costume video').getAttribute('poster');
    expect(within(viewer).getByText('2 of 3')).toBeInTheDocument();
    expect(poster()).toBe('/files/2.png');

    await user.click(within(viewer).getByRole('button', { name: 'Next creation' }));
    expect(poster()).toBe('/files/1.png');
    expect(within(viewer).getByText('3 of 3')).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Next creation' })).toBeDisabled();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(poster()).toBe('/files/3.png');
    expect(within(viewer).getByRole('button', { name: 'Previous creation' })).toBeDisabled();

    const stage = within(viewer).getByLabelText('Costume video').parentElement!;
    fireEvent.touchStart(stage, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 200 }] });
    expect(poster()).toBe('/files/2.png');
  });

  it('keeps the viewer open when its creation is un-hearted under Favorites, then returns focus to the title', async () => {
    const user = userEvent.setup();
    await renderGallery([item(1, { isFavorite: true })]);
    await user.click(filterButton(/^Favorites \(1\)$/));
    await user.click(cards()[0]!);
    const viewer = screen.getByRole('dialog');
    await user.click(within(viewer).getByRole('button', { name: 'Favorite' }));
    expect(within(viewer).getByRole('button', { name: 'Favorite' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByText('No favorites yet')).toBeInTheDocument();

    await user.click(within(viewer).getByRole('button', { name: 'Back to Gallery' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('shows the gallery sync state with an accessible label: local, then synced once signed in', async () => {
    const test = await renderGallery([item(1)]);
    expect(screen.getByText('Gallery: Saved on this device only')).toBeInTheDocument();
    await act(() => test.services.session.start());
    await act(() => test.services.gallery.load());
    expect(screen.getByText('Gallery: Saved to your account')).toBeInTheDocument();
  });

  it('keeps 500 creations light: lazy images in square boxes and no video element', async () => {
    const many = Array.from({ length: 500 }, (_, index) => item(index + 1));
    const test = createTestServices();
    test.local.setItem('pet-gallery', JSON.stringify(many));
    await test.services.gallery.load();
    render(
      <ServicesProvider services={test.services}>
        <GalleryView />
      </ServicesProvider>,
    );
    const images = document.querySelectorAll('.pw-gallery__grid img');
    expect(images).toHaveLength(500);
    for (const image of images) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', '1024');
      expect(image).toHaveAttribute('height', '1024');
    }
    expect(document.querySelector('video')).toBeNull();
  });

  it('mounts a long gallery a page at a time as the end of the grid comes into view', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        record: { callback: IntersectionObserverCallback; target?: Element };
        constructor(callback: IntersectionObserverCallback) {
          this.record = { callback };
          observers.push(this.record);
        }
        observe(target: Element) {
          this.record.target = target;
        }
        disconnect() {}
      },
    );
    try {
      const many = Array.from({ length: 130 }, (_, index) => item(index + 1));
      const test = createTestServices();
      test.local.setItem('pet-gallery', JSON.stringify(many));
      await test.services.gallery.load();
      render(
        <ServicesProvider services={test.services}>
          <GalleryView />
        </ServicesProvider>,
      );
      const cards = () => document.querySelectorAll('.pw-gallery__grid img').length;
      expect(cards()).toBe(GRID_PAGE);
      const reachEnd = () =>
        act(() => {
          const last = observers.at(-1)!;
          last.callback(
            [{ isIntersecting: true, target: last.target } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
        });
      reachEnd();
      expect(cards()).toBe(2 * GRID_PAGE);
      reachEnd();
      expect(cards()).toBe(130);
      expect(document.querySelector('.pw-gallery__more')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  describe('on a phone', () => {
    it('shows one creation at a time and moves on a swipe of at least 50 px', async () => {
      phoneScreen();
      await renderGallery([item(1), item(2), item(3)]);
      const slide = screen.getByRole('list', { name: 'Creations' });
      const current = () => listItems()[0]!.querySelector('img')?.getAttribute('src');
      expect(listItems()).toHaveLength(1);
      expect(current()).toBe('/files/3.png');
      expect(screen.getByText('1 of 3')).toBeInTheDocument();

      const swipe = (from: number, to: number) => {
        fireEvent.touchStart(slide, { touches: [{ clientX: from }] });
        fireEvent.touchEnd(slide, { changedTouches: [{ clientX: to }] });
      };
      swipe(200, 151);
      expect(current()).toBe('/files/3.png');
      swipe(200, 150);
      expect(current()).toBe('/files/2.png');
      swipe(100, 300);
      expect(current()).toBe('/files/3.png');
      await userEvent.click(screen.getByRole('button', { name: 'Next creation' }));
      expect(screen.getByText('2 of 3')).toBeInTheDocument();
    });
  });
});
