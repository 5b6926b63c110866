import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { APP_DEFAULTS } from '../../../../domain/model/app-config';
import { ConfigProvider } from '../../../app/config-context';
import { LandingPage } from './landing-page';

function renderLanding(assets?: Parameters<typeof ConfigProvider>[0]['assets']) {
  const onSignIn = vi.fn();
  render(
    <ConfigProvider config={APP_DEFAULTS} assets={assets}>
      <LandingPage onSignIn={onSignIn} />
    </ConfigProvider>,
  );
  return onSignIn;
}

describe('LandingPage', () => {
  it('has the hero, three steps, the transformations and the call to action; Sign In and Try it Now sign in', async () => {
    const onSignIn = renderLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Pawloween' })).toBeInTheDocument();
    for (const step of ['Upload Photos', 'Mystical Transformation', 'Get Images & Videos'])
      expect(screen.getByRole('heading', { level: 3, name: step })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /before$/ })).toHaveLength(3);
    expect(screen.getAllByRole('img', { name: /Halloween costume result$/ })).toHaveLength(3);
    const videos = document.querySelectorAll('video');
    expect(videos).toHaveLength(6);
    for (const video of videos) {
      expect(video.loop).toBe(true);
      expect(video.muted).toBe(true);
      expect(video).toHaveAttribute('playsinline');
    }
    expect(
      within(screen.getByRole('list', { name: /costume examples/i })).getAllByRole('img'),
    ).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try it Now for Free' }));
    expect(onSignIn).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('2025');
    expect(document.body.textContent).not.toMatch(/\$\s?\d/);
  });

  it('scrolls to each section from the footer buttons', async () => {
    renderLanding();
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    const footer = screen.getByRole('contentinfo');
    for (const name of ['How it Works', 'See Transformations', 'Back to Top'])
      await userEvent.click(within(footer).getByRole('button', { name }));
    expect(scrolled).toEqual(['pw-how-it-works', 'pw-transformations', 'pw-top']);
  });

  it('takes landing media from the asset table when given, else its own files', () => {
    renderLanding({
      landing: {
        'after-2': { path: '/custom/after-2.webp' },
        'loop-1': { path: '/custom/loop.mp4', poster: '/custom/loop.jpg' },
      },
    });
    expect(
      screen.getByRole('img', { name: 'Example 2: the Halloween costume result' }),
    ).toHaveAttribute('src', '/custom/after-2.webp');
    expect(
      screen.getByRole('img', { name: 'Example 1: the Halloween costume result' }),
    ).toHaveAttribute('src', '/media/landing/after-1.png');
    const first = document.querySelector('video')!;
    expect(first).toHaveAttribute('src', '/custom/loop.mp4');
    expect(first).toHaveAttribute('poster', '/custom/loop.jpg');
  });
});
