import '../share-button.css';
import { useId, useState } from 'react';
import { CopyIcon, DownloadIcon, ShareIcon } from '../../../components/icons';
import { downloadMedia } from '../download-media';
import {
  browserShareEnvironment,
  shareCreation,
  type Shareable,
  type ShareEnvironment,
} from '../share-media';

/**
 * Share: the picture and the video through the share sheet where the browser can share files;
 * elsewhere a visible choice of Download Image, Download Video and Copy Link (issue 31).
 */
export function ShareButton(props: {
  item: Shareable;
  fileName: (kind: 'image' | 'video') => string;
  shareEnvironment?: ShareEnvironment;
  className?: string;
  /** The platform's address, whose files may be fetched (the page's origin is always allowed). */
  platformUrl?: string;
  /** A creation whose files are on another site is not shared: the button says why (by id). */
  disabled?: boolean;
  describedBy?: string;
}) {
  const [choosing, setChoosing] = useState(false);
  const [status, setStatus] = useState<string>();
  const panelId = useId();
  const env = () => props.shareEnvironment ?? browserShareEnvironment();
  const { item } = props;
  // The video says the most; a creation without one shares its picture's link.
  const link = new URL(item.videoUrl || item.imageUrl, globalThis.location?.href).href;

  const share = async () => {
    setStatus(undefined);
    const outcome = await shareCreation(item, props.fileName, env());
    if (outcome === 'choose') setChoosing(true);
  };
  const copy = async () => {
    const write = env().copyText;
    try {
      if (!write) throw new Error('no clipboard');
      await write(link);
      setStatus('Link copied.');
    } catch {
      setStatus('Copying is not allowed here: select the link below and copy it.');
    }
  };

  return (
    <>
      <button
        type="button"
        className={props.className ?? 'pw-btn pw-btn--secondary'}
        aria-expanded={choosing}
        aria-controls={choosing ? panelId : undefined}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onClick={() => void share()}
      >
        <ShareIcon /> Share
      </button>
      {choosing && (
        <div id={panelId} className="pw-share-choice" role="group" aria-label="Share options">
          <p className="pw-share-choice__note">
            This browser cannot share the files directly. Save them or copy a link instead.
          </p>
          <div className="pw-share-choice__actions">
            <button
              type="button"
              className="pw-btn pw-btn--secondary pw-btn--small"
              onClick={() =>
                void downloadMedia(item.imageUrl, props.fileName('image'), env(), props.platformUrl)
              }
            >
              <DownloadIcon /> Download Image
            </button>
            {item.videoUrl && (
              <button
                type="button"
                className="pw-btn pw-btn--secondary pw-btn--small"
                onClick={() =>
                  void downloadMedia(
                    item.videoUrl,
                    props.fileName('video'),
                    env(),
                    props.platformUrl,
                  )
                }
              >
                <DownloadIcon /> Download Video
              </button>
            )}
            <button
              type="button"
              className="pw-btn pw-btn--secondary pw-btn--small"
              onClick={() => void copy()}
            >
              <CopyIcon /> Copy Link
            </button>
            <button
              type="button"
              className="pw-btn pw-btn--ghost pw-btn--small"
              onClick={() => setChoosing(false)}
            >
              Close
            </button>
          </div>
          {status && (
            <p className="pw-share-choice__status" role="status">
              {status}
            </p>
          )}
          {status && status !== 'Link copied.' && (
            <input
              className="pw-share-choice__link"
              readOnly
              value={link}
              aria-label="Link to your creation"
              onFocus={(event) => event.currentTarget.select()}
            />
          )}
        </div>
      )}
    </>
  );
}
