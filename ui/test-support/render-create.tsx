import { render } from '@testing-library/react';
import { ServicesProvider } from '../app/services-context';
import { CreateView } from '../features/create/components/create-view';
import { createTestServices } from './test-services';

/** The Create view over the test services (signed in, a runner the test controls); returns them. */
export function renderCreate() {
  const test = createTestServices();
  render(
    <ServicesProvider services={test.services}>
      <CreateView />
    </ServicesProvider>,
  );
  return test;
}

const JPEG_MAGIC = [0xff, 0xd8, 0xff, 0xe0];

/** A small file that starts as a photo of this type does (a JPEG's first bytes by default). */
export const photoFile = (name: string, magic = JPEG_MAGIC, type = 'image/jpeg') =>
  new File([new Uint8Array([...magic, ...new Array(32).fill(7)])], name, { type });
