import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { videoGenerationError, domainError } from '../../../../domain/errors';
import { presentErrorDialog } from '../../../../domain/use-cases/error-presentation';
import { ErrorDialog } from './error-dialog';

function renderDialog(error: unknown) {
  const onAction = vi.fn();
  const onClose = vi.fn();
  render(<ErrorDialog dialog={presentErrorDialog(error)} onAction={onAction} onClose={onClose} />);
  return { onAction, onClose, dialog: screen.getByRole('alertdialog') };
}

describe('ErrorDialog', () => {
  it('Plan Upgrade Required: names both amounts and Upgrade Plan opens the upgrade URL', async () => {
    const { onAction, onClose, dialog } = renderDialog(
      domainError(
        {
          code: 'PLAN_UPGRADE_REQUIRED',
          currentLimit: 0.5,
          required: 1.25,
          upgradeUrl: 'http://x/up',
        },
        'upgrade',
      ),
    );
    expect(dialog).toHaveAccessibleName('Plan Upgrade Required');
    expect(dialog).toHaveTextContent('$0.50');
    expect(dialog).toHaveTextContent('$1.25');
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
    expect(onAction).toHaveBeenCalledWith({
      kind: 'open-url',
      label: 'Upgrade Plan',
      url: 'http://x/up',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('Workflow Temporarily Unavailable offers Try Again Later', async () => {
    const { onAction, dialog } = renderDialog(
      domainError({ code: 'WORKFLOW_UNAVAILABLE' }, 'unavailable'),
    );
    expect(dialog).toHaveAccessibleName('Workflow Temporarily Unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again Later' }));
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ kind: 'retry-video' }));
  });

  it('Insufficient Credits shows the dollar amounts and Add Credits', async () => {
    const { onAction, dialog } = renderDialog(
      domainError(
        { code: 'INSUFFICIENT_BALANCE', remainingCredits: 0.1, requiredCredits: 0.35 },
        'no credits',
      ),
    );
    expect(dialog).toHaveAccessibleName('Insufficient Credits');
    expect(dialog).toHaveTextContent('You have $0.10 in credits but need $0.35');
    await userEvent.click(screen.getByRole('button', { name: 'Add Credits' }));
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ kind: 'add-credits' }));
  });

  it('Video Generation Failed offers Retry Video', async () => {
    const { onAction, dialog } = renderDialog(videoGenerationError('no video'));
    expect(dialog).toHaveAccessibleName('Video Generation Failed');
    await userEvent.click(screen.getByRole('button', { name: 'Retry Video' }));
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ kind: 'retry-video' }));
  });

  it('any other error: Generation Failed with only Close', async () => {
    const { onAction, onClose, dialog } = renderDialog(new Error('boom'));
    expect(dialog).toHaveAccessibleName('Generation Failed');
    expect(dialog).toHaveTextContent(
      'Workflow execution failed. Please try again or contact support.',
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Close']);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(onAction).not.toHaveBeenCalled();
  });

  it('closes on Escape and keeps Tab inside', async () => {
    const { onClose } = renderDialog(domainError({ code: 'WORKFLOW_UNAVAILABLE' }, 'unavailable'));
    const [first, last] = screen.getAllByRole('button');
    expect(first).toHaveFocus();
    await userEvent.tab();
    expect(last).toHaveFocus();
    await userEvent.tab();
    expect(first).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
