import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { photoFile as photo, renderCreate } from '../../../test-support/render-create';

// jsdom has no canvas: downsizing runs in the browser journeys; here it hands back a small data URL.
vi.mock('../hooks/downsize-image', () => import('../../../test-support/downsize-stub'));

vi.setConfig({ testTimeout: 20_000 });

const generateButton = () =>
  screen.getByRole('button', { name: /Generate Halloween Costume|Generating Magic/ });

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const heic = (name: string) =>
  new File([new Uint8Array([0, 0, 0, 0x18]), 'ftypheic', new Uint8Array(4), 'mif1heic'], name, {
    type: '',
  });

describe('Upload Photos: a preset on either side', () => {
  it('Choose a preset pet opens a labelled dialog holding focus; Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    renderCreate();
    const opener = screen.getByRole('button', { name: 'Choose a preset pet' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Choose a preset pet' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Tab cycles inside: from the last preset back to the first control.
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons).toHaveLength(19); // Close and the 18 preset pets
    buttons.at(-1)!.focus();
    await user.tab();
    expect(document.activeElement).toBe(buttons[0]);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(buttons.at(-1));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('shows the chosen preset pet in the zone; with an uploaded costume Generate sends the preset URL and the photo', async () => {
    const user = userEvent.setup();
    const { run } = renderCreate();
    await user.click(screen.getByRole('button', { name: 'Choose a preset pet' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Tabby Cat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Choose a preset pet' }),
    );
    expect(screen.getByRole('img', { name: 'Preset pet: Tabby Cat' })).toHaveAttribute(
      'src',
      '/presets/pets/cat1.png',
    );
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');

    await user.upload(
      screen.getByLabelText('Costume Character'),
      photo('cape.png', PNG, 'image/png'),
    );
    await screen.findByRole('img', { name: 'Your costume character' });
    expect(generateButton()).not.toHaveAttribute('aria-disabled');
    await user.click(generateButton());
    expect(run).toHaveBeenCalledWith(
      expect.stringMatching(/^workflow\//),
      {
        upload_your_pets_photo: '/presets/pets/cat1.png',
        upload_costume_character: `data:image/png;base64,${btoa('cape.png')}`,
      },
      { idempotencyKey: expect.any(String) },
    );
  });

  it('the sheet marks the chosen preset; choosing another changes it, Remove clears it and Generate asks for both uploads', async () => {
    const user = userEvent.setup();
    const { run } = renderCreate();
    await user.click(screen.getByRole('button', { name: 'Choose a preset costume' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Witch' }));
    await user.click(screen.getByRole('button', { name: 'Choose a preset costume' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a preset costume' });
    expect(within(dialog).getByRole('button', { name: 'Witch' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Vampire' }));
    expect(screen.getByRole('img', { name: 'Preset costume: Vampire' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove preset costume' }));
    expect(screen.queryByRole('img', { name: /Preset costume/ })).toBeNull();
    // Focus stays in the zone, on its file input.
    expect(document.activeElement).toBe(screen.getByLabelText('Costume Character'));
    await user.upload(screen.getByLabelText('Pet Photo'), photo('rex.jpg'));
    await screen.findByRole('img', { name: 'Your pet photo' });
    await user.click(generateButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Please upload both your pet's photo and a costume character image.",
    );
    expect(run).not.toHaveBeenCalled();
  });

  it('a photo dropped on a zone holding a preset takes its place', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Choose a preset pet' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Husky' }));
    await user.upload(screen.getByLabelText('Pet Photo'), photo('rex.jpg'));
    expect(await screen.findByRole('img', { name: 'Your pet photo' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Preset pet/ })).toBeNull();
  });
});

describe('Use Presets: an upload on either side', () => {
  it('Upload your pet takes the place of the carousel; with a preset costume Generate sends the photo and the preset URL', async () => {
    const user = userEvent.setup();
    const { run } = renderCreate();
    await user.click(screen.getByRole('button', { name: 'Use Presets' }));
    await user.click(screen.getByLabelText('Select This: Golden Retriever'));
    await user.upload(screen.getByLabelText('Upload your pet'), photo('rex.jpg'));
    const pets = screen.getByRole('region', { name: 'Choose Your Pet' });
    expect(await within(pets).findByRole('img', { name: 'Your pet photo' })).toBeInTheDocument();
    expect(within(pets).queryByLabelText(/Select This|Selected/)).toBeNull();
    await user.click(screen.getByLabelText('Select This: Witch'));
    expect(generateButton()).not.toHaveAttribute('aria-disabled');
    await user.click(generateButton());
    expect(run).toHaveBeenCalledWith(
      expect.any(String),
      {
        upload_your_pets_photo: `data:image/jpeg;base64,${btoa('rex.jpg')}`,
        upload_costume_character: '/presets/costumes/witch.png',
      },
      { idempotencyKey: expect.any(String) },
    );
  });

  it('Back to presets clears the upload, brings the carousel back and puts focus on its title', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Use Presets' }));
    await user.upload(screen.getByLabelText('Upload a costume picture'), photo('cape.jpg'));
    const costumes = screen.getByRole('region', { name: 'Choose Costume' });
    await within(costumes).findByRole('img', { name: 'Your costume character' });
    await user.click(within(costumes).getByRole('button', { name: 'Back to presets' }));
    expect(screen.getByLabelText('Select This: Vampire')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Your costume character' })).toBeNull();
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose Costume' })),
    );
    await user.click(screen.getByLabelText('Select This: Golden Retriever'));
    await user.click(generateButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select both a pet and a costume from the presets.',
    );
  });

  it('refuses a HEIC photo by name with what to do, and keeps the preset chosen before', async () => {
    // A phone's file chooser offers HEIC photos whatever the accept attribute says.
    const user = userEvent.setup({ applyAccept: false });
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Use Presets' }));
    await user.click(screen.getByLabelText('Select This: Husky'));
    await user.upload(screen.getByLabelText('Upload your pet'), heic('IMG_0042.HEIC'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '"IMG_0042.HEIC" is a HEIC/HEIF photo (the iPhone camera format), which this app cannot read. Save it as JPEG or PNG and try again.',
    );
    expect(screen.getByLabelText('Selected: Husky')).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps each side across the toggle: a photo uploaded in Upload Photos shows in Use Presets', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.upload(screen.getByLabelText('Pet Photo'), photo('rex.jpg'));
    await screen.findByRole('img', { name: 'Your pet photo' });
    await user.click(screen.getByRole('button', { name: 'Use Presets' }));
    const pets = screen.getByRole('region', { name: 'Choose Your Pet' });
    expect(within(pets).getByRole('img', { name: 'Your pet photo' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Select This: Ghost'));
    await user.click(screen.getByRole('button', { name: 'Upload Photos' }));
    expect(screen.getByRole('img', { name: 'Preset costume: Ghost' })).toBeInTheDocument();
    expect(generateButton()).not.toHaveAttribute('aria-disabled');
  });
});
