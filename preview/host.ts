import { consoleRow } from './host-console';
import { isPreviewMessage, type HostMessage, type PreviewMessage } from './messages';

/**
 * An editor-like parent for the preview (DESIGN.md "The preview mode"): frames /preview/index.html,
 * lists the errors it forwards, captures it, shows its pointer lock, and can make it fail on purpose.
 */
const HOST_CAPTURE_TIMEOUT_MS = 20_000;

const byId = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`host.html lacks #${id}`);
  return element as T;
};

const frame = byId<HTMLIFrameElement>('preview');
const holder = byId<HTMLDivElement>('frame-holder');
const caption = byId<HTMLParagraphElement>('frame-caption');
const sizeSelect = byId<HTMLSelectElement>('frame-size');
const consoleList = byId<HTMLOListElement>('console');
const consoleEmpty = byId<HTMLParagraphElement>('console-empty');
const errorCount = byId<HTMLSpanElement>('error-count');
const lockPill = byId<HTMLSpanElement>('pointer-lock');
const captureButton = byId<HTMLButtonElement>('capture');
const captureStatus = byId<HTMLParagraphElement>('capture-status');
const captureImage = byId<HTMLImageElement>('capture-image');
const captureDownload = byId<HTMLAnchorElement>('capture-download');

// The preview is served from this same origin; nothing else may talk to this page or hear from it.
const previewOrigin = window.location.origin;
let errors = 0;
interface PendingCapture {
  readonly startedAt: number;
  readonly timer: ReturnType<typeof setTimeout>;
  /** The frame's CSS size when asked: what the PNG should be, times devicePixelRatio. */
  readonly frame: { width: number; height: number };
}
let pendingCapture: PendingCapture | undefined;

function loadPreview(): void {
  const url = new URL('./index.html', window.location.href);
  url.searchParams.set('t', String(Date.now()));
  url.searchParams.set('debug', '1');
  url.searchParams.set('origin', window.location.origin);
  frame.src = url.href;
  setPointerLock(false);
}

function send(message: HostMessage): void {
  frame.contentWindow?.postMessage(message, previewOrigin);
}

function applyFrameSize(): void {
  const [width, height] = sizeSelect.value.split('x').map(Number);
  holder.dataset.mode = width && height ? 'device' : 'fit';
  frame.style.width = width ? `${width}px` : '';
  frame.style.height = height ? `${height}px` : '';
  fitDevice();
}

// A device frame keeps its CSS size (that is what the preview lays out for and captures) and is
// only scaled down on screen when the stage is smaller.
function fitDevice(): void {
  const dpr = window.devicePixelRatio || 1;
  const { clientWidth: width, clientHeight: height } = frame;
  let scale = 1;
  if (holder.dataset.mode === 'device') {
    const stage = holder.parentElement!.getBoundingClientRect();
    scale = Math.min(1, (stage.width - 48) / width, (stage.height - 72) / height);
  }
  frame.style.transform = scale < 1 ? `scale(${scale})` : '';
  holder.style.width = holder.dataset.mode === 'device' ? `${width * scale}px` : '';
  holder.style.height = holder.dataset.mode === 'device' ? `${height * scale}px` : '';
  const shown = scale < 1 ? ` · shown at ${Math.round(scale * 100)}%` : '';
  caption.textContent = `${width} × ${height} CSS px at ${dpr}× device pixels${shown}`;
}

function setPointerLock(locked: boolean): void {
  lockPill.dataset.locked = String(locked);
  lockPill.textContent = locked ? 'Pointer locked' : 'Pointer free';
}

function addError(message: Extract<PreviewMessage, { type: 'consoleError' }>): void {
  errors += 1;
  errorCount.textContent = String(errors);
  consoleEmpty.hidden = true;
  consoleList.append(consoleRow(document, message, new Date()));
  consoleList.lastElementChild?.scrollIntoView({ block: 'nearest' });
}

function finishCapture(result: { imageData: string } | { error: string }): void {
  if (!pendingCapture) return;
  clearTimeout(pendingCapture.timer);
  const elapsed = Math.round(performance.now() - pendingCapture.startedAt);
  const asked = pendingCapture.frame;
  pendingCapture = undefined;
  captureButton.disabled = false;
  captureButton.textContent = 'Capture';
  if ('error' in result) {
    captureStatus.textContent = `Capture failed: ${result.error}`;
    captureStatus.dataset.state = 'error';
    return;
  }
  captureImage.onload = () => {
    const dpr = window.devicePixelRatio || 1;
    captureStatus.textContent =
      `${captureImage.naturalWidth} × ${captureImage.naturalHeight} px PNG in ${elapsed} ms ` +
      `(frame ${asked.width} × ${asked.height} at ${dpr}×)`;
    captureStatus.dataset.state = 'done';
  };
  captureImage.src = result.imageData;
  captureImage.hidden = false;
  captureDownload.href = result.imageData;
  captureDownload.hidden = false;
}

function capture(): void {
  if (pendingCapture) return;
  captureButton.disabled = true;
  captureButton.textContent = 'Capturing…';
  captureStatus.textContent = 'Rendering the frame…';
  captureStatus.dataset.state = 'busy';
  const timer = setTimeout(
    () => finishCapture({ error: `no answer within ${HOST_CAPTURE_TIMEOUT_MS / 1000} s` }),
    HOST_CAPTURE_TIMEOUT_MS,
  );
  pendingCapture = {
    startedAt: performance.now(),
    timer,
    frame: { width: frame.clientWidth, height: frame.clientHeight },
  };
  send({ type: 'captureRequest' });
}

window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== previewOrigin) return;
  const message: unknown = event.data;
  if (!isPreviewMessage(message)) return;
  switch (message.type) {
    case 'consoleError':
      return addError(message);
    case 'pointerLockChange':
      return setPointerLock(message.isLocked);
    case 'captureResponse':
      return finishCapture({ imageData: message.imageData });
    case 'captureError':
      return finishCapture({ error: message.error });
  }
});

byId('reload').addEventListener('click', loadPreview);
byId('throw-error').addEventListener('click', () =>
  send({ type: 'debugThrow', message: 'Test error thrown from the host' }),
);
byId('console-error').addEventListener('click', () =>
  send({ type: 'debugConsoleError', message: 'Test console.error from the host' }),
);
byId('reject-promise').addEventListener('click', () =>
  send({ type: 'debugReject', message: 'Test rejection from the host' }),
);
byId('clear-console').addEventListener('click', () => {
  errors = 0;
  errorCount.textContent = '0';
  consoleList.replaceChildren();
  consoleEmpty.hidden = false;
});
captureButton.addEventListener('click', capture);
sizeSelect.addEventListener('change', applyFrameSize);
new ResizeObserver(fitDevice).observe(holder.parentElement!);
frame.addEventListener('load', fitDevice);

applyFrameSize();
loadPreview();
