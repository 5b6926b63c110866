import '../face-tap.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { TAP_PROMPT, type FacePoint } from '../../../../domain/model/face-point';
import { useServices } from '../../../app/services-context';
import { useStore } from '../../../app/use-store';

/** How far an arrow key moves the mark (fractions of the photo); with Shift, five times as far. */
const STEP = 0.02;

/**
 * "Tap your pet's face" (issue 39): shown when the workflow's locator is unsure of the uploaded
 * pet photo (or sees no animal in it). A tap or a click on the photo marks the face, and a drag
 * or another tap moves the mark before Generate; from the keyboard, the arrow keys move the mark
 * (Shift for bigger steps) and Enter places it. The point goes with the run, so the costume is
 * worn on that head.
 */
export function FaceTap() {
  const { petFace } = useServices();
  const state = useStore(petFace);
  const { check, photo, point, guess, asked } = state;
  const hintId = useId();
  const area = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  // The keyboard's mark before Enter places it; the placed point once there is one.
  const [draft, setDraft] = useState<FacePoint | undefined>(undefined);
  useEffect(() => setDraft(undefined), [photo]);
  // Generate pressed before the face was marked: the photo comes into view and takes the focus.
  useEffect(() => {
    if (!asked || check !== 'unsure') return;
    area.current?.scrollIntoView?.({ block: 'center' });
    area.current?.focus({ preventScroll: true });
  }, [asked, check]);

  if (check === 'checking' && asked)
    return (
      <p className="pw-face-tap__status" role="status">
        Looking for your pet’s face in the photo…
      </p>
    );
  if (check !== 'unsure' || !photo) return null;

  const mark = draft ?? point;
  const at = (event: PointerEvent<HTMLDivElement>): FacePoint | undefined => {
    const image = area.current?.querySelector('img');
    const box = image?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return undefined;
    return {
      x: Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)),
      y: Math.min(1, Math.max(0, (event.clientY - box.top) / box.height)),
    };
  };
  const place = (next: FacePoint | undefined) => {
    if (!next) return;
    setDraft(undefined);
    petFace.setPoint(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    place(at(event));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) place(at(event));
  };
  const onPointerUp = () => {
    dragging.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? STEP * 5 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const from = mark ?? guess;
      setDraft({
        x: Math.min(1, Math.max(0, from.x + move[0])),
        y: Math.min(1, Math.max(0, from.y + move[1])),
      });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      place(mark ?? guess);
    }
  };
  const percent = (v: number) => `${Math.round(v * 100)}%`;

  return (
    <section className="pw-face-tap" aria-labelledby={`${hintId}-title`}>
      <h3 className="pw-face-tap__title" id={`${hintId}-title`}>
        {TAP_PROMPT}
      </h3>
      <p className="pw-face-tap__hint" id={hintId}>
        We could not tell where your pet’s face is in this photo. Tap it so the costume goes on the
        right head; tap again or drag to move the mark.
      </p>
      <div
        ref={area}
        className="pw-face-tap__photo"
        role="application"
        tabIndex={0}
        aria-label={`${TAP_PROMPT}: move the mark with the arrow keys and press Enter to place it`}
        aria-describedby={hintId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <img src={photo} alt="Your pet photo, to mark the face on" draggable={false} />
        {mark && (
          <span
            className={`pw-face-tap__mark${draft ? ' is-draft' : ''}`}
            style={{ left: percent(mark.x), top: percent(mark.y) }}
            aria-hidden="true"
          />
        )}
      </div>
      <p className="pw-face-tap__status" role="status">
        {draft
          ? `Mark at ${percent(draft.x)} across and ${percent(draft.y)} down: press Enter to place it.`
          : point
            ? 'Got it: the costume goes on this face. Tap elsewhere to move the mark.'
            : ''}
      </p>
    </section>
  );
}
