import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PetSight } from '../../../../domain/model/face-point';
import { ServicesProvider } from '../../../app/services-context';
import { createTestServices } from '../../../test-support/test-services';
import { CreateView } from './create-view';

// Issue 39, "When unsure, ask the owner": the Create view asks "Tap your pet's face" when the
// workflow's locator is unsure of the uploaded pet photo, and the point goes with the run.

vi.mock('../hooks/downsize-image', () => ({
  downsizeImage: vi.fn(async (file: File) => `data:${file.type};base64,${btoa(file.name)}`),
}));
vi.setConfig({ testTimeout: 20_000 });

const JPEG_MAGIC = [0xff, 0xd8, 0xff, 0xe0];
const photo = (name: string) =>
  new File([new Uint8Array(JPEG_MAGIC), new Uint8Array(16)], name, { type: 'image/jpeg' });
const dataUrlOf = (name: string) => `data:image/jpeg;base64,${btoa(name)}`;

/** The locator: unsure of 'forest-dog.jpg' (its guess at the head in the upper left), sure of others. */
const locatePet = vi.fn(async (image: string): Promise<PetSight> =>
  image === dataUrlOf('forest-dog.jpg')
    ? { sure: false, head: { x: 0.1, y: 0.1, w: 0.2, h: 0.2 } }
    : { sure: true, head: { x: 0.3, y: 0.1, w: 0.4, h: 0.4 } },
);

async function uploadBoth(pet: string) {
  const test = createTestServices({ locatePet });
  render(
    <ServicesProvider services={test.services}>
      <CreateView />
    </ServicesProvider>,
  );
  await userEvent.upload(screen.getByLabelText('Pet Photo'), photo(pet));
  await userEvent.upload(screen.getByLabelText('Costume Character'), photo('witch.jpg'));
  return test;
}

const generate = () => userEvent.click(screen.getByRole('button', { name: /Generate/ }));
const faceArea = () => screen.getByRole('application', { name: /Tap your pet's face/ });

describe('CreateView: Tap your pet’s face', () => {
  it('asks for the face of a photo the locator is unsure of, and Generate waits for the tap', async () => {
    const { run } = await uploadBoth('forest-dog.jpg');
    expect(await screen.findByRole('heading', { name: "Tap your pet's face" })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /Your pet photo, to mark the face on/ }),
    ).toHaveAttribute('src', dataUrlOf('forest-dog.jpg'));

    await generate();
    expect(run).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent("Tap your pet's face");
    await waitFor(() => expect(faceArea()).toHaveFocus());
  });

  it('from the keyboard: the arrow keys move the mark from the locator’s guess and Enter places it', async () => {
    const { run } = await uploadBoth('forest-dog.jpg');
    await screen.findByRole('heading', { name: "Tap your pet's face" });
    faceArea().focus();
    // The guess is the middle of the guessed head, (0.2, 0.2); each arrow moves it 2%.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(
      screen.getByText(/Mark at 26% across and 22% down: press Enter to place it/),
    ).toBeVisible();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText(/Got it: the costume goes on this face/)).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await generate();
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    const input = run.mock.calls[0]![1] as Record<string, { x: number; y: number }>;
    expect(input.pets_face_point!.x).toBeCloseTo(0.26, 5);
    expect(input.pets_face_point!.y).toBeCloseTo(0.22, 5);
  });

  it('a tap or a click on the photo marks the face there, and another moves it', async () => {
    const { run } = await uploadBoth('forest-dog.jpg');
    await screen.findByRole('heading', { name: "Tap your pet's face" });
    const image = screen.getByRole('img', { name: /Your pet photo, to mark the face on/ });
    vi.spyOn(image, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 50, width: 400, height: 300 }),
    );
    fireEvent.pointerDown(faceArea(), { button: 0, pointerId: 1, clientX: 200, clientY: 110 });
    fireEvent.pointerUp(faceArea(), { pointerId: 1 });
    fireEvent.pointerDown(faceArea(), { button: 0, pointerId: 1, clientX: 300, clientY: 140 });
    fireEvent.pointerUp(faceArea(), { pointerId: 1 });

    await generate();
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0]![1]).toMatchObject({ pets_face_point: { x: 0.5, y: 0.3 } });
  });

  it('shows the locator each uploaded pet photo, and asks nothing of one it is sure of', async () => {
    const { run } = await uploadBoth('cat-portrait.jpg');
    expect(locatePet).toHaveBeenLastCalledWith(dataUrlOf('cat-portrait.jpg'));
    await generate();
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: "Tap your pet's face" })).not.toBeInTheDocument();
    expect(run.mock.calls[0]![1]).not.toHaveProperty('pets_face_point');
  });
});
