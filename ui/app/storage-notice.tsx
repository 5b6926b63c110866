import './storage-notice.css';
import { useServices } from './services-context';
import { useStore } from './use-store';

/**
 * The device's storage refused a write of the gallery or the profile (issue 12: a localStorage
 * quota error is answered clearly): the storage sync's warning, in full and announced, above
 * whichever view is open. The gallery's sync indicator says the gallery's own, so on the gallery
 * the shell leaves that one to the indicator.
 */
export function StorageNotice(props: { onGallery: boolean }) {
  const { gallery, profile } = useServices();
  const galleryWarning = useStore(gallery).storageWarning;
  const profileWarning = useStore(profile).storageWarning;
  const saidByIndicator = props.onGallery && galleryWarning !== undefined;
  const warning = galleryWarning ?? profileWarning;
  if (warning === undefined || saidByIndicator) return null;
  return (
    <div className="pw-storage-notice">
      <span className="pw-storage-notice__mark" aria-hidden="true">
        !
      </span>
      <p role="alert">{warning}</p>
    </div>
  );
}
