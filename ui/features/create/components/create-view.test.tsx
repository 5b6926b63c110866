import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { domainError } from '../../../../domain/errors';
import {
  VIDEO_STAGE_MESSAGES,
  WAITING_CEILING_PERCENT,
} from '../../../../domain/use-cases/progress-timeline';
import { ServicesProvider } from '../../../app/services-context';
import { createTestServices, workflowOutput } from '../../../test-support/test-services';
import type { ShareEnvironment } from '../../viewer/share-media';
import { CreateView } from './create-view';

function renderCreate(
  options: Parameters<typeof createTestServices>[0] = {},
  onShowGallery?: () => void,
  shareEnvironment?: ShareEnvironment,
) {
  const test = createTestServices(options);
  render(
    <ServicesProvider services={test.services}>
      <CreateView onShowGallery={onShowGallery} shareEnvironment={shareEnvironment} />
    </ServicesProvider>,
  );
  return test;
}

const generateButton = () =>
  screen.getByRole('button', { name: /Generate Halloween Costume|Generating Magic/ });

async function pickPresets(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'Use Presets' }));
  // Label queries: role queries over 36 preset cards are slow in jsdom.
  await user.click(screen.getByLabelText('Select This: Golden Retriever'));
  await user.click(screen.getByLabelText('Select This: Vampire'));
}

/** A run that finishes only when the test says so. */
function deferredRun() {
  let finish!: (value: ReturnType<typeof workflowOutput>) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<ReturnType<typeof workflowOutput>>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { run: () => promise, finish, fail };
}

afterEach(() => {
  vi.useRealTimers();
});

// jsdom has no canvas: the 1536 px downsizing runs in the browser journeys; here it hands back a
// small data URL so the flow around it can be checked.
vi.mock('../hooks/downsize-image', () => ({
  downsizeImage: vi.fn(async (file: File) => `data:${file.type};base64,${btoa(file.name)}`),
}));

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff, 0xe0];

/** A file whose first bytes say what it is, as a real picture's do. */
function picture(name: string, type: 'image/png' | 'image/jpeg', extra = 0): File {
  const magic = type === 'image/png' ? PNG_MAGIC : JPEG_MAGIC;
  return new File([new Uint8Array(magic), new Uint8Array(16 + extra)], name, { type });
}

// Each case renders both preset rows (36 cards); jsdom on a shared machine needs the room.
vi.setConfig({ testTimeout: 20_000 });

describe('CreateView: inputs', () => {
  it('starts in Upload Photos with Generate announced as disabled; clicking it shows the upload message word for word', async () => {
    renderCreate();
    expect(screen.getByRole('button', { name: 'Upload Photos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
    // The reason it is not ready is its description, before any click.
    expect(generateButton()).toHaveAccessibleDescription(
      'Add your pet’s photo and a costume image to continue.',
    );
    await userEvent.click(generateButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Please upload both your pet's photo and a costume character image.",
    );
    expect(generateButton()).toHaveAccessibleDescription(
      "Please upload both your pet's photo and a costume character image.",
    );
  });

  it('out of credits, says so before Generate with Add Credits; with credits, says nothing', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { services } = renderCreate({ remainingCredits: 0 });
    await act(() => services.session.start());
    await act(() => services.account.refresh());
    const notice = screen.getByText(/You are out of credits/);
    await userEvent.click(within(notice).getByRole('button', { name: 'Add Credits' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('/subscribe', '_blank', 'noopener'));
    cleanup();
    const stocked = renderCreate({ remainingCredits: 0.5 });
    await act(() => stocked.services.session.start());
    await act(() => stocked.services.account.refresh());
    expect(screen.queryByText(/You are out of credits/)).toBeNull();
  });

  it('after a costume, shows its price before the next Generate; too few credits for one: says so with Add Credits', async () => {
    const { services } = renderCreate({
      remainingCredits: 0.3,
      run: async () => ({ ...workflowOutput(), usage: { cost: 0.5, remainingCredits: 0.3 } }),
    });
    await act(() => services.session.start());
    // Before the first costume the platform's price list (README "Money") already tells too few.
    expect(
      await screen.findByText('You have $0.30 left and a costume uses $0.50.', { exact: false }),
    ).toBeVisible();
    await pickPresets();
    await userEvent.click(generateButton());
    await screen.findByRole('img', { name: 'Your pet in its Halloween costume' });
    await act(() => services.account.refresh());
    await userEvent.click(screen.getByRole('button', { name: 'Create Another Costume' }));
    const notice = await screen.findByText('You have $0.30 left and a costume uses $0.50.', {
      exact: false,
    });
    expect(within(notice).getByRole('button', { name: 'Add Credits' })).toBeVisible();
    expect(services.account.getSnapshot().generationCost).toBe(0.5);
  });

  it('before the first costume, states the price list with the image’s share', async () => {
    const { services } = renderCreate({ remainingCredits: 4 });
    await act(() => services.session.start());
    await act(() => services.account.refresh());
    expect(
      screen.getByText('A costume uses $0.50 of your credits ($0.20 if you get only its picture).'),
    ).toBeVisible();
  });

  it('with enough credits, states the price the last costume cost', async () => {
    const { services } = renderCreate({ remainingCredits: 4 });
    await act(() => services.session.start());
    await act(() => services.account.refresh());
    act(() => services.account.noteGenerationCost(0.75));
    expect(screen.getByText('A costume uses $0.75 of your credits.')).toBeVisible();
  });

  it('never skips a heading level, in either mode (screen readers navigate by them)', async () => {
    renderCreate();
    const levels = () =>
      screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    const skips = () => levels().filter((level, i, all) => i > 0 && level > all[i - 1]! + 1);
    expect(levels()[0]).toBe(1);
    expect(skips()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Use Presets' }));
    expect(skips()).toEqual([]);
  });

  it('in Use Presets, asks for both a pet and a costume word for word', async () => {
    const { run } = renderCreate();
    await userEvent.click(screen.getByRole('button', { name: 'Use Presets' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select This: Golden Retriever' }));
    await userEvent.click(generateButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select both a pet and a costume from the presets.',
    );
    expect(run).not.toHaveBeenCalled();
  });

  it('selecting a preset marks it Selected; selecting it again deselects it', async () => {
    renderCreate();
    await userEvent.click(screen.getByRole('button', { name: 'Use Presets' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select This: Golden Retriever' }));
    const selected = screen.getByRole('button', { name: 'Selected: Golden Retriever' });
    expect(selected).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(selected);
    expect(screen.getByRole('button', { name: 'Select This: Golden Retriever' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('enables Generate once both presets are chosen and sends their image URLs to the workflow', async () => {
    const { run } = renderCreate();
    await userEvent.click(screen.getByRole('button', { name: 'Use Presets' }));
    expect(generateButton()).toHaveAccessibleDescription('Choose a pet and a costume to continue.');
    await pickPresets();
    expect(generateButton()).not.toHaveAttribute('aria-disabled');
    expect(generateButton()).not.toHaveAttribute('aria-describedby');
    await userEvent.click(generateButton());
    expect(run).toHaveBeenCalledWith(
      expect.stringMatching(/^workflow\//),
      {
        upload_your_pets_photo: '/presets/pets/dog1.png',
        upload_costume_character: '/presets/costumes/vampire.png',
      },
      expect.objectContaining({ idempotencyKey: expect.any(String) }),
    );
  });

  it('refuses a dropped file that is not an image, with a clear message', async () => {
    renderCreate();
    const zone = screen.getAllByTestId('drop-zone')[0]!;
    const file = new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' });
    await act(async () => {
      zone.dispatchEvent(
        Object.assign(new Event('drop', { bubbles: true, cancelable: true }), {
          dataTransfer: { files: [file] },
        }),
      );
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please choose an image file (JPEG, PNG, WebP or GIF).',
    );
  });

  it('previews both uploads, sends them downsized, and Remove clears one again', async () => {
    const { run } = renderCreate();
    await userEvent.upload(screen.getByLabelText('Pet Photo'), picture('cat.png', 'image/png'));
    await userEvent.upload(
      screen.getByLabelText('Costume Character'),
      picture('witch.jpg', 'image/jpeg'),
    );
    expect(await screen.findByRole('img', { name: 'Your pet photo' })).toHaveAttribute(
      'src',
      `data:image/png;base64,${btoa('cat.png')}`,
    );
    expect(screen.getByRole('img', { name: 'Your costume character' })).toBeInTheDocument();
    expect(generateButton()).not.toHaveAttribute('aria-disabled');

    await userEvent.click(screen.getByRole('button', { name: 'Remove pet photo' }));
    expect(screen.queryByRole('img', { name: 'Your pet photo' })).not.toBeInTheDocument();
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');

    await userEvent.upload(screen.getByLabelText('Pet Photo'), picture('cat.png', 'image/png'));
    await userEvent.click(generateButton());
    expect(run).toHaveBeenCalledWith(
      expect.any(String),
      {
        upload_your_pets_photo: `data:image/png;base64,${btoa('cat.png')}`,
        upload_costume_character: `data:image/jpeg;base64,${btoa('witch.jpg')}`,
      },
      expect.objectContaining({ idempotencyKey: expect.any(String) }),
    );
  });

  it('takes a phone photo up to 25 MB and refuses one over it, naming the file', async () => {
    renderCreate();
    const limit = 25 * 1024 * 1024;
    const big = picture('IMG_2041.jpg', 'image/jpeg', limit - 20);
    await userEvent.upload(screen.getByLabelText('Pet Photo'), big);
    expect(await screen.findByRole('img', { name: 'Your pet photo' })).toBeInTheDocument();
    const huge = picture('IMG_2042.jpg', 'image/jpeg', limit - 19);
    await userEvent.upload(screen.getByLabelText('Costume Character'), huge);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '"IMG_2042.jpg" is larger than 25 MB. Please choose a smaller one.',
    );
  });
});

describe('CreateView: generating', () => {
  it('reads Generating Magic... and is disabled while running, with the overlay locking page scroll', async () => {
    const deferred = deferredRun();
    renderCreate({ run: deferred.run });
    await pickPresets();
    await userEvent.click(generateButton());
    expect(generateButton()).toHaveTextContent('Generating Magic...');
    expect(generateButton()).toBeDisabled();
    expect(screen.getByRole('dialog', { name: 'Generating Magic...' })).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
    await act(async () => deferred.finish(workflowOutput()));
    expect(screen.queryByRole('dialog', { name: 'Generating Magic...' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('changes the status line every 2 s and fills the bar over 15 s, then restarts for the 25 s video stage', async () => {
    vi.useFakeTimers();
    const deferred = deferredRun();
    renderCreate({ run: deferred.run });
    // fireEvent: synchronous clicks, nothing for the fake timers to wait on.
    fireEvent.click(screen.getByRole('button', { name: 'Use Presets' }));
    fireEvent.click(screen.getByLabelText('Select This: Golden Retriever'));
    fireEvent.click(screen.getByLabelText('Select This: Vampire'));
    fireEvent.click(generateButton());
    const status = () => screen.getByRole('status').textContent;
    const percent = () => Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
    const first = status();
    expect(percent()).toBe(0);

    act(() => vi.advanceTimersByTime(1_800));
    expect(status()).toBe(first);
    act(() => vi.advanceTimersByTime(400));
    const second = status();
    expect(second).not.toBe(first);
    act(() => vi.advanceTimersByTime(2_000));
    expect(status()).not.toBe(second);

    act(() => vi.advanceTimersByTime(7_600 - 4_200)); // 7.6 s of 15 s: about half
    expect(percent()).toBeGreaterThanOrEqual(46);
    expect(percent()).toBeLessThanOrEqual(50);

    act(() => vi.advanceTimersByTime(15_000 - 7_600 + 200)); // the image stage is over: video stage
    expect(screen.getByText('Animating your costume video')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(12_600));
    expect(percent()).toBeGreaterThanOrEqual(46);
    expect(percent()).toBeLessThanOrEqual(50);
    // Nothing has arrived after a minute more: the bar does not say it is done.
    act(() => vi.advanceTimersByTime(60_000));
    expect(percent()).toBe(WAITING_CEILING_PERCENT);

    await act(async () => deferred.finish(workflowOutput()));
  });
});

describe('CreateView: the video stage after the image (streamed)', () => {
  it('shows the video stage in the video card: its 7 messages every 2 s and a bar over 25 s', async () => {
    vi.useFakeTimers();
    let sendVideo: () => void = () => {};
    renderCreate({
      streamWorkflow: async function* () {
        yield { type: 'image', url: '/files/out.png' };
        await new Promise<void>((resolve) => (sendVideo = resolve));
        yield { type: 'video', url: '/files/out.mp4' };
        yield { type: 'done' };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Use Presets' }));
    fireEvent.click(screen.getByLabelText('Select This: Golden Retriever'));
    fireEvent.click(screen.getByLabelText('Select This: Vampire'));
    fireEvent.click(generateButton());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    // The image is in: the overlay has given way, the video card carries the video stage.
    expect(screen.queryByRole('dialog', { name: 'Generating Magic...' })).toBeNull();
    const card = screen.getByRole('article', { name: 'Generated Video' });
    expect(within(card).getByText('Animating your costume video')).toBeInTheDocument();
    const bar = within(card).getByRole('progressbar', { name: 'Video progress' });
    const percent = () => Number(bar.getAttribute('aria-valuenow'));
    const status = () => within(card).getByRole('status').textContent;
    const seen = [status()];
    expect(seen[0]).toBe(VIDEO_STAGE_MESSAGES[0]);
    for (let step = 1; step < 7; step++) {
      act(() => vi.advanceTimersByTime(2_000));
      seen.push(status());
    }
    expect(seen).toEqual([...VIDEO_STAGE_MESSAGES]);
    // 12 s of the nominal 25 s: about half.
    expect(percent()).toBeGreaterThanOrEqual(44);
    expect(percent()).toBeLessThanOrEqual(48);
    act(() => vi.advanceTimersByTime(13_000));
    expect(percent()).toBe(WAITING_CEILING_PERCENT);
    act(() => vi.advanceTimersByTime(30_000));
    expect(percent()).toBe(WAITING_CEILING_PERCENT);

    await act(async () => {
      sendVideo();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(within(card).queryByRole('progressbar')).toBeNull();
    expect(card.querySelector('video')).toHaveAttribute('src', '/files/out.mp4');
  });
});

describe('CreateView: results', () => {
  it('a result that cannot load offline shows an offline note, not a broken picture, and loads once online', async () => {
    const online = (value: boolean) =>
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
    renderCreate();
    await pickPresets();
    await userEvent.click(generateButton());
    const image = await screen.findByRole('img', { name: 'Your pet in its Halloween costume' });
    online(false);
    try {
      fireEvent.error(image);
      const card = screen.getByRole('article', { name: 'Generated Image' });
      expect(within(card).getByRole('status')).toHaveTextContent(
        'You are offline: your picture shows here when you are back online.',
      );
      expect(within(card).queryByRole('img', { name: /Halloween costume/ })).toBeNull();
      online(true);
      act(() => void window.dispatchEvent(new Event('online')));
      expect(
        within(card).getByRole('img', { name: 'Your pet in its Halloween costume' }),
      ).toBeInTheDocument();
    } finally {
      online(true);
    }
  });

  it('shows both results with success ticks, then Create Another Costume clears everything', async () => {
    const { services } = renderCreate();
    await pickPresets();
    await userEvent.click(generateButton());
    const image = await screen.findByRole('img', { name: 'Your pet in its Halloween costume' });
    expect(image).toHaveAttribute('src', '/files/out.png');
    const videoCard = screen.getByRole('article', { name: 'Generated Video' });
    expect(videoCard.querySelector('video')).toHaveAttribute('src', '/files/out.mp4');
    // A tick only once each medium has really loaded.
    expect(screen.queryAllByRole('img', { name: 'Ready' })).toHaveLength(0);
    fireEvent.load(image);
    fireEvent.loadedData(videoCard.querySelector('video')!);
    expect(screen.getAllByRole('img', { name: 'Ready' })).toHaveLength(2);
    expect(services.gallery.getSnapshot().items).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Create Another Costume' }));
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByRole('button', { name: 'Select This: Golden Retriever' }),
    ).toBeInTheDocument();
  });

  it('a costume picture with no character: the image card says so under the picture, from the image on', async () => {
    let sendVideo: () => void = () => {};
    renderCreate({
      streamWorkflow: async function* () {
        yield { type: 'image', url: '/files/out.png', notice: 'no_character' };
        await new Promise<void>((resolve) => (sendVideo = resolve));
        yield { type: 'video', url: '/files/out.mp4' };
        yield { type: 'done' };
      },
    });
    await pickPresets();
    await userEvent.click(generateButton());
    const card = await screen.findByRole('article', { name: 'Generated Image' });
    const said =
      "We couldn't find a character in your costume picture, so your pet wears its colours instead.";
    await within(card).findByText(said);
    expect(
      within(card).getByRole('img', { name: 'Your pet in its Halloween costume' }),
    ).toBeInTheDocument();
    act(() => sendVideo());
    const videoCard = screen.getByRole('article', { name: 'Generated Video' });
    await vi.waitFor(() => expect(videoCard.querySelector('video')).not.toBeNull());
    expect(within(card).getByText(said)).toBeInTheDocument();
    expect(within(videoCard).queryByText(said)).toBeNull();
  });

  it('says the creation is saved to My Gallery, with a way there', async () => {
    const onShowGallery = vi.fn();
    renderCreate({}, onShowGallery);
    await pickPresets();
    await userEvent.click(generateButton());
    const saved = await screen.findByText(/Saved to My Gallery/);
    await userEvent.click(within(saved).getByRole('button', { name: 'Open My Gallery' }));
    expect(onShowGallery).toHaveBeenCalledOnce();
  });

  it('shares the finished picture and video under their gallery download names', async () => {
    const share = vi.fn(async (_data: ShareData) => undefined);
    const env: ShareEnvironment = {
      fetch: async () => new Response('mp4', { headers: { 'content-type': 'video/mp4' } }),
      document,
      open: vi.fn(),
      createObjectURL: () => 'blob:x',
      revokeObjectURL: () => undefined,
      sharing: { canShare: () => true, share },
    };
    const { services } = renderCreate({}, undefined, env);
    await pickPresets();
    await userEvent.click(generateButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await vi.waitFor(() => expect(share).toHaveBeenCalledOnce());
    const [item] = services.gallery.getSnapshot().items;
    expect(share.mock.calls[0]![0].files!.map((file) => file.name)).toEqual([
      `pawloween-image-${item!.id}.png`,
      `pawloween-video-${item!.id}.mp4`,
    ]);
  });

  it('an image without a video shows the video error card; Retry Video recovers it', async () => {
    const { run } = renderCreate({ run: async () => workflowOutput('/files/a.png', '') });
    await pickPresets();
    await userEvent.click(generateButton());
    const videoCard = await screen.findByRole('article', { name: 'Generated Video' });
    expect(within(videoCard).getByRole('heading', { level: 4 })).toHaveTextContent(
      /^Video generation failed/,
    );
    expect(
      screen.queryByRole('button', { name: 'Retry Both Image & Video' }),
    ).not.toBeInTheDocument();

    run.mockImplementation(async () => workflowOutput('/files/b.png', '/files/b.mp4'));
    await userEvent.click(within(videoCard).getByRole('button', { name: 'Retry Video' }));
    expect(await within(videoCard).findByLabelText(/Animated video/)).toHaveAttribute(
      'src',
      '/files/b.mp4',
    );
  });

  it('a failed run shows both error cards, Retry Both Image & Video, and the error dialog', async () => {
    const { run } = renderCreate({
      run: async () => {
        throw domainError(
          { code: 'INSUFFICIENT_BALANCE', remainingCredits: 0.1, requiredCredits: 0.35 },
          'Insufficient balance',
        );
      },
    });
    await pickPresets();
    await userEvent.click(generateButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Insufficient Credits' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('article', { name: 'Generated Image' })).toHaveTextContent(
      'Image generation failed',
    );
    expect(screen.getByRole('article', { name: 'Generated Video' })).toHaveTextContent(
      'Video generation failed',
    );

    run.mockImplementation(async () => workflowOutput());
    await userEvent.click(screen.getByRole('button', { name: 'Retry Both Image & Video' }));
    expect(
      await screen.findByRole('img', { name: 'Your pet in its Halloween costume' }),
    ).toBeInTheDocument();
  });
});
