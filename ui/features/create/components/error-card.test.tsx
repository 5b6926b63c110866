import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { presentErrorCard } from '../../../../domain/use-cases/error-presentation';
import { ErrorCard } from './error-card';

// One row of SPEC.md section 8 "Error cards" per case: the message the workflow failed with,
// the card's title, code and suggestion.
const ROWS = [
  [
    'Request timeout after 600000 ms',
    'Video generation failed due to network timeout',
    'TIMEOUT_ERROR',
    'Check your internet connection and try again',
  ],
  [
    'Model is overloaded',
    'Video generation failed - AI model temporarily unavailable',
    'MODEL_UNAVAILABLE',
    'The AI model is busy. Please try again in a few moments',
  ],
  [
    'Invalid image data',
    'Video generation failed due to invalid input',
    'INVALID_INPUT',
    'Try using a different image or check image format',
  ],
  [
    'Too many requests: rate exceeded',
    'Video generation failed - too many requests',
    'RATE_LIMITED',
    'Please wait a moment before trying again',
  ],
  [
    'Encoder failed',
    'Video generation failed during processing',
    'PROCESSING_ERROR',
    'Try with a different image or retry the generation',
  ],
  [
    'Something odd',
    'Video generation failed due to an unexpected error',
    'UNKNOWN_ERROR',
    'Please try again or contact support if the issue persists',
  ],
] as const;

describe('ErrorCard', () => {
  it.each(ROWS)(
    'shows "%s" as its row of the table',
    async (technical, title, code, suggestion) => {
      const onRetry = vi.fn();
      render(
        <ErrorCard
          error={presentErrorCard('video', new Error(technical))}
          retryLabel="Retry Video"
          onRetry={onRetry}
        />,
      );
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText(suggestion)).toBeInTheDocument();
      expect(screen.queryByText(code)).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Show Details' }));
      expect(screen.getByText(code)).toBeInTheDocument();
      expect(screen.getByText(technical)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Hide Details' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );

      await userEvent.click(screen.getByRole('button', { name: 'Retry Video' }));
      expect(onRetry).toHaveBeenCalledTimes(1);
    },
  );

  it('titles image failures as Image generation failed', () => {
    render(
      <ErrorCard
        error={presentErrorCard('image', new Error('network down'))}
        retryLabel="Retry"
        onRetry={vi.fn()}
      />,
    );
    expect(
      screen.getByRole('heading', { name: 'Image generation failed due to network timeout' }),
    ).toBeInTheDocument();
  });
});
