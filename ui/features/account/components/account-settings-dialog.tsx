import '../account.css';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useServices } from '../../../app/services-context';
import { useStore } from '../../../app/use-store';
import { Dialog } from '../../../components/dialog';
import { Avatar } from '../../shell';
import { downsizeAvatar, isImageFile } from '../hooks/downsize-avatar';

const NOT_AN_IMAGE = 'Please choose an image file (JPEG, PNG, WebP or GIF).';
const UNREADABLE = 'That image could not be read. Please try another one.';

/**
 * Account Settings (SPEC.md section 2): avatar by the camera icon, Display Name, Cancel and Save
 * Changes. The profile use case validates the name and stores it under 'user-profile'.
 */
export function AccountSettingsDialog(props: {
  onClose: () => void;
  /** Reads a chosen file as the avatar's data URL; tests pass a stand-in for the canvas. */
  readAvatar?: (file: File) => Promise<string>;
}) {
  const { profile } = useServices();
  const current = useStore(profile).profile;
  const [name, setName] = useState(current.displayName);
  const [avatar, setAvatar] = useState<string | undefined>(undefined);
  const [nameError, setNameError] = useState<string>();
  const [avatarError, setAvatarError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), nameError: useId(), avatarError: useId() };
  const readAvatar = props.readAvatar ?? downsizeAvatar;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isImageFile(file)) {
      setAvatarError(NOT_AN_IMAGE);
      return;
    }
    try {
      setAvatar(await readAvatar(file));
      setAvatarError(undefined);
    } catch {
      setAvatarError(UNREADABLE);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const outcome = await profile.save({ displayName: name, avatarUrl: avatar });
    setSaving(false);
    if (outcome.ok) {
      props.onClose();
      return;
    }
    setNameError(outcome.message);
    nameInput.current?.focus();
  };

  return (
    <Dialog title="Account Settings" onClose={props.onClose} className="pw-settings">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="pw-settings__avatar">
          <Avatar name={name || current.displayName} url={avatar ?? current.avatarUrl} size={96} />
          <button
            type="button"
            className="pw-settings__camera"
            aria-label="Change avatar"
            title="Change avatar"
            aria-describedby={avatarError ? ids.avatarError : undefined}
            onClick={() => fileInput.current?.click()}
          >
            <CameraIcon />
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            data-testid="avatar-file"
            onChange={(event) => void onFile(event)}
          />
        </div>
        {avatarError && (
          <p id={ids.avatarError} className="pw-settings__error" role="alert">
            {avatarError}
          </p>
        )}
        <label htmlFor={ids.name} className="pw-settings__label">
          Display Name
        </label>
        <input
          ref={nameInput}
          id={ids.name}
          className="pw-settings__input"
          value={name}
          autoComplete="nickname"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? ids.nameError : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
        {nameError && (
          <p id={ids.nameError} className="pw-settings__error" role="alert">
            {nameError}
          </p>
        )}
        <div className="pw-dialog__actions">
          <button type="button" className="pw-btn pw-btn--ghost" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="pw-btn pw-btn--primary" disabled={saving}>
            Save Changes
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function CameraIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9 4h6l1.6 2H20a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h3.4L9 4Zm3 4.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Zm0 2a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5Z"
      />
    </svg>
  );
}
