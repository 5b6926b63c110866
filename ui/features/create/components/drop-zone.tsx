import { useId, useRef, useState } from 'react';
import { isDroppableImage } from '../../../../domain/use-cases/select-inputs';
import { CloseIcon, UploadIcon } from '../../../components/icons';
import { useChooseVerb } from '../../../components/use-choose-verb';

/**
 * A drop/tap zone for one input image. It only hands files over: onFile gets what was picked or
 * dropped, except that drag-and-drop passes on only files whose type starts with image/ (SPEC.md
 * section 5) and reports the rest through onReject.
 */
export function DropZone(props: {
  /** The zone's heading and its file input's name. */
  label: string;
  hint: string;
  preview: string | undefined;
  previewAlt: string;
  /** A line over the preview, e.g. the preset's name. */
  caption?: string;
  clearLabel?: string;
  /** What the empty zone says; by default 'Click to choose or drop an image' ('Tap' on phones). */
  cta?: string;
  /** No heading of its own: the zone sits in a section that has one (Use Presets). */
  hideLabel?: boolean;
  /** A low strip instead of a picture-sized zone (the upload offered beside a carousel). */
  strip?: boolean;
  error?: string;
  busy?: boolean;
  disabled?: boolean;
  onFile: (file: File) => void;
  onReject: (file: File) => void;
  onClear: () => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const verb = useChooseVerb();

  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (props.disabled) return;
    const file = event.dataTransfer.files[0];
    if (!file) return;
    if (isDroppableImage(file)) props.onFile(file);
    else props.onReject(file);
  };

  const classes = [
    'pw-dropzone',
    props.strip && !props.preview ? 'pw-dropzone--strip' : '',
    dragging ? 'is-dragging' : '',
    props.preview ? 'has-preview' : '',
    props.error ? 'has-error' : '',
  ];

  return (
    <div className="pw-dropzone-wrap">
      {!props.hideLabel && <h2 className="pw-dropzone__label">{props.label}</h2>}
      <div
        className={classes.filter(Boolean).join(' ')}
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {props.preview ? (
          <>
            <img className="pw-dropzone__preview" src={props.preview} alt={props.previewAlt} />
            {props.caption && <span className="pw-dropzone__caption">{props.caption}</span>}
            <button
              type="button"
              className="pw-icon-btn pw-dropzone__clear"
              aria-label={props.clearLabel ?? `Remove ${props.label.toLowerCase()}`}
              onClick={() => {
                props.onClear();
                // The button leaves with the preview: keep focus in the zone, on its file input.
                input.current?.focus();
              }}
              disabled={props.disabled}
            >
              <CloseIcon />
            </button>
          </>
        ) : (
          <label htmlFor={inputId} className="pw-dropzone__empty">
            {props.busy ? (
              <span className="pw-spinner" aria-hidden="true" />
            ) : (
              <UploadIcon className="pw-dropzone__icon" />
            )}
            <span className="pw-dropzone__text">
              <span className="pw-dropzone__cta">
                {props.busy
                  ? 'Preparing image…'
                  : (props.cta ?? `${verb} to choose or drop an image`)}
              </span>
              <span className="pw-dropzone__hint">{props.hint}</span>
            </span>
          </label>
        )}
        <input
          ref={input}
          id={inputId}
          className="pw-visually-hidden"
          type="file"
          accept="image/*"
          aria-label={props.label}
          aria-describedby={props.error ? errorId : undefined}
          aria-invalid={props.error ? true : undefined}
          disabled={props.disabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) props.onFile(file);
          }}
        />
      </div>
      {props.error && (
        <p id={errorId} className="pw-field-error" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
