import './storage-notice.css';
import { useServices } from './services-context';
import { useStore } from './use-store';

/**
 * The device's storage refused a write (issue 12: a localStorage quota error is answered clearly):
 * the storage sync's warning, in full and announced, above whichever view is open. The gallery's
 * sync indicator says it too, so on the gallery the shell leaves it to the indicator.
 */
export function StorageNotice(props: { onGallery: boolean }) {
  const { gallery } = useServices();
  const warning = useStore(gallery).storageWarning;
  if (warning === undefined || props.onGallery) return null;
  return (
    <div className="pw-storage-notice">
      <span className="pw-storage-notice__mark" aria-hidden="true">
        !
      </span>
      <p role="alert">{warning}</p>
    </div>
  );
}
