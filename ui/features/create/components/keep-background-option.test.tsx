import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { photoFile as photo, renderCreate } from '../../../test-support/render-create';

// jsdom has no canvas: downsizing runs in the browser journeys; here it hands back a small data URL.
vi.mock('../hooks/downsize-image', () => import('../../../test-support/downsize-stub'));

vi.setConfig({ testTimeout: 20_000 });

const option = () => screen.queryByRole('checkbox', { name: /Keep my photo.s background/ });
const generateButton = () => screen.getByRole('button', { name: 'Generate Halloween Costume' });

describe("Keep my photo's background (issue 40)", () => {
  it('is offered once the pet is an uploaded photo; ticked, Generate sends it with the photo', async () => {
    const user = userEvent.setup();
    const { run } = renderCreate();
    expect(option()).toBeNull();
    await user.upload(screen.getByLabelText('Pet Photo'), photo('rex.jpg'));
    await screen.findByRole('img', { name: 'Your pet photo' });
    const box = option()!;
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/Your photo fills the picture/);
    await user.click(box);
    expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Choose a preset costume' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Witch' }));
    await user.click(generateButton());
    expect(run).toHaveBeenCalledWith(
      expect.stringMatching(/^workflow\//),
      {
        upload_your_pets_photo: `data:image/jpeg;base64,${btoa('rex.jpg')}`,
        upload_costume_character: '/presets/costumes/witch.png',
        keep_photo_background: true,
      },
      { idempotencyKey: expect.any(String) },
    );
  });

  it('is not offered for a preset pet, which has no photo background, and is not sent for one', async () => {
    const user = userEvent.setup();
    const { run } = renderCreate();
    await user.upload(screen.getByLabelText('Pet Photo'), photo('rex.jpg'));
    await user.click(await screen.findByRole('checkbox', { name: /Keep my photo.s background/ }));
    await user.click(screen.getByRole('button', { name: 'Choose a preset pet' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Golden Retriever' }),
    );
    expect(option()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose a preset costume' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Witch' }));
    await user.click(generateButton());
    expect(run).toHaveBeenCalledWith(
      expect.stringMatching(/^workflow\//),
      {
        upload_your_pets_photo: '/presets/pets/dog1.png',
        upload_costume_character: '/presets/costumes/witch.png',
      },
      { idempotencyKey: expect.any(String) },
    );
  });
});
